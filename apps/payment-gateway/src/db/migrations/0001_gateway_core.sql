CREATE TABLE "api_keys" (
	"key_digest" text PRIMARY KEY NOT NULL,
	"merchant_account" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_keys" (
	"client_key" text PRIMARY KEY NOT NULL,
	"merchant_account" text NOT NULL,
	"allowed_origins" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"merchant_account" text NOT NULL,
	"key" text NOT NULL,
	"request_digest" text NOT NULL,
	"state" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_records_merchant_account_key_pk" PRIMARY KEY("merchant_account","key")
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"account" text PRIMARY KEY NOT NULL,
	"webhook_url" text,
	"hmac_key_hex" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modifications" (
	"psp_reference" text PRIMARY KEY NOT NULL,
	"payment_psp_reference" text NOT NULL,
	"merchant_account" text NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"amount_value" bigint NOT NULL,
	"reference" text,
	"reason" text,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_account" text NOT NULL,
	"payment_psp_reference" text NOT NULL,
	"psp_reference" text NOT NULL,
	"event_code" text NOT NULL,
	"success" text NOT NULL,
	"body" jsonb NOT NULL,
	"webhook_url" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"psp_reference" text PRIMARY KEY NOT NULL,
	"merchant_account" text NOT NULL,
	"session_id" text,
	"merchant_reference" text NOT NULL,
	"currency" text NOT NULL,
	"amount_value" bigint NOT NULL,
	"payment_method_type" text NOT NULL,
	"brand" text,
	"last_four" text,
	"status" text NOT NULL,
	"result_code" text NOT NULL,
	"refusal_reason" text,
	"refusal_reason_code" text,
	"acquirer_response_code" integer NOT NULL,
	"raw_response_code" text,
	"raw_response_text" text,
	"captured_value" bigint DEFAULT 0 NOT NULL,
	"refunded_value" bigint DEFAULT 0 NOT NULL,
	"capture_fails" boolean DEFAULT false NOT NULL,
	"refund_fails" boolean DEFAULT false NOT NULL,
	"capture_delay_hours" integer,
	"shopper_reference" text,
	"stored_payment_method_id" text,
	"sealed_store_draft" text,
	"threeds_transaction_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_account" text NOT NULL,
	"reference" text NOT NULL,
	"currency" text NOT NULL,
	"amount_value" bigint NOT NULL,
	"return_url" text NOT NULL,
	"country_code" text,
	"shopper_locale" text NOT NULL,
	"shopper_reference" text,
	"store_payment_method_mode" text NOT NULL,
	"capture_delay_hours" integer,
	"request" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_account" text NOT NULL,
	"shopper_reference" text NOT NULL,
	"sealed_details" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "threeds_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"acs_trans_id" text NOT NULL,
	"psp_reference" text NOT NULL,
	"flow" text NOT NULL,
	"stage" text NOT NULL,
	"merchant_origin" text,
	"challenge_window_size" text DEFAULT '02' NOT NULL,
	"method_completed_at" timestamp with time zone,
	"threeds_comp_ind" text,
	"challenge_started_at" timestamp with time zone,
	"trans_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_merchant_account_merchants_account_fk" FOREIGN KEY ("merchant_account") REFERENCES "public"."merchants"("account") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_keys" ADD CONSTRAINT "client_keys_merchant_account_merchants_account_fk" FOREIGN KEY ("merchant_account") REFERENCES "public"."merchants"("account") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_merchant_idx" ON "api_keys" USING btree ("merchant_account");--> statement-breakpoint
CREATE INDEX "modifications_payment_idx" ON "modifications" USING btree ("payment_psp_reference");--> statement-breakpoint
CREATE INDEX "notifications_payment_idx" ON "notifications" USING btree ("payment_psp_reference","id");--> statement-breakpoint
CREATE INDEX "notifications_merchant_idx" ON "notifications" USING btree ("merchant_account","id");--> statement-breakpoint
CREATE INDEX "payments_session_idx" ON "payments" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "payments_merchant_reference_idx" ON "payments" USING btree ("merchant_account","merchant_reference");--> statement-breakpoint
CREATE INDEX "sessions_merchant_reference_idx" ON "sessions" USING btree ("merchant_account","reference");--> statement-breakpoint
CREATE INDEX "stored_payment_methods_shopper_idx" ON "stored_payment_methods" USING btree ("merchant_account","shopper_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "threeds_transactions_acs_idx" ON "threeds_transactions" USING btree ("acs_trans_id");