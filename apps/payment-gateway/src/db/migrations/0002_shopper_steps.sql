ALTER TABLE "payments" ADD COLUMN "return_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "shopper_step" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method_details" jsonb;