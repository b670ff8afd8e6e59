CREATE TABLE "payment_order_payments" (
	"payment_psp_reference" text PRIMARY KEY NOT NULL,
	"order_psp_reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"psp_reference" text PRIMARY KEY NOT NULL,
	"merchant_account" text NOT NULL,
	"reference" text NOT NULL,
	"currency" text NOT NULL,
	"amount_value" bigint NOT NULL,
	"remaining_value" bigint NOT NULL,
	"status" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"session_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_order_payments_order_idx" ON "payment_order_payments" USING btree ("order_psp_reference","created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_merchant_reference_idx" ON "payment_orders" USING btree ("merchant_account","reference");--> statement-breakpoint
CREATE INDEX "payment_orders_session_idx" ON "payment_orders" USING btree ("session_id");