CREATE TABLE "quick_order_submissions" (
	"user_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "quick_order_submissions_user_id_idempotency_key_pk" PRIMARY KEY("user_id","idempotency_key")
);
