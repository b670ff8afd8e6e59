CREATE TABLE "payment_pendings" (
	"order_id" text NOT NULL,
	"session_id" text NOT NULL,
	"psp_reference" text,
	"result_code" text NOT NULL,
	"payment_method" text,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"instructions" jsonb,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_pendings_order_id_session_id_pk" PRIMARY KEY("order_id","session_id")
);
