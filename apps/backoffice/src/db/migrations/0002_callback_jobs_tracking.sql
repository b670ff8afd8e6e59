ALTER TABLE "callback_events" ADD COLUMN "job_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_tracking_idx" ON "shipments" USING btree ("tracking_number");