CREATE TABLE "payment_notifications" (
	"psp_reference" text NOT NULL,
	"event_code" text NOT NULL,
	"original_reference" text,
	"merchant_reference" text NOT NULL,
	"merchant_account" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"success" boolean NOT NULL,
	"reason" text,
	"payment_method" text,
	"event_date" text,
	"item" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_notifications_psp_reference_event_code_pk" PRIMARY KEY("psp_reference","event_code")
);
--> statement-breakpoint
CREATE TABLE "payment_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"return_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
