CREATE TABLE "subscription_failures" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" text,
	"order_id" text,
	"error_code" text,
	"unavailable_product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"environment" text,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"subscription_id" text,
	"state" text NOT NULL,
	"ship_method_id" text,
	"unavailable_product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
