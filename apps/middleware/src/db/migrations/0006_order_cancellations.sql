CREATE TABLE "order_cancellations" (
	"order_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"route" text NOT NULL,
	"log_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_cancellations" (
	"order_id" text PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
