ALTER TABLE "registrations" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "closed_at" timestamp with time zone;