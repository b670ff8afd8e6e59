CREATE TABLE "amazon_pay_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_account" text NOT NULL,
	"region" text NOT NULL,
	"state" text NOT NULL,
	"payload" jsonb NOT NULL,
	"address_id" text,
	"instrument_id" text,
	"amount_currency" text,
	"amount_value" integer,
	"checkout_result_return_url" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "amazon_pay_checkout_sessions_created_at_idx" ON "amazon_pay_checkout_sessions" USING btree ("created_at");