CREATE TABLE "donations" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_account" text NOT NULL,
	"original_psp_reference" text NOT NULL,
	"psp_reference" text NOT NULL,
	"donation_campaign_id" text NOT NULL,
	"donation_account" text NOT NULL,
	"reference" text NOT NULL,
	"currency" text NOT NULL,
	"amount_value" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "donations_original_payment_idx" ON "donations" USING btree ("original_psp_reference");--> statement-breakpoint
CREATE INDEX "donations_merchant_idx" ON "donations" USING btree ("merchant_account");