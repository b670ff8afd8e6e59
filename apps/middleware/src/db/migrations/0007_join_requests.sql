ALTER TABLE "registrations" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "decided_by" text;--> statement-breakpoint
CREATE INDEX "registrations_buyer_state_idx" ON "registrations" USING btree ("buyer_id","state");