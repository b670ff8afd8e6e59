CREATE TABLE "analytics_attempts" (
	"checkout_attempt_id" text PRIMARY KEY NOT NULL,
	"merchant_account" text NOT NULL,
	"setup" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"checkout_attempt_id" text NOT NULL,
	"merchant_account" text NOT NULL,
	"kind" text NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "device_fingerprint" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_hash" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fraud_result" jsonb;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_checkout_attempt_id_analytics_attempts_checkout_attempt_id_fk" FOREIGN KEY ("checkout_attempt_id") REFERENCES "public"."analytics_attempts"("checkout_attempt_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_attempts_merchant_created_idx" ON "analytics_attempts" USING btree ("merchant_account","created_at");--> statement-breakpoint
CREATE INDEX "analytics_events_attempt_idx" ON "analytics_events" USING btree ("checkout_attempt_id","id");--> statement-breakpoint
CREATE INDEX "analytics_events_created_idx" ON "analytics_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_merchant_device_idx" ON "payments" USING btree ("merchant_account","device_fingerprint","created_at");