CREATE TABLE "erp_callbacks" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"subject" text NOT NULL,
	"sequence" integer,
	"order_id" text,
	"body" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erp_submissions" (
	"order_id" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"event_id" text NOT NULL,
	"outcome" text,
	"order_number" text,
	"sales_company_id" text,
	"web_shop_status" text,
	"erp_submission_issue" text,
	"confirmed_shipping_date" text,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shipments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"platform_sync" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
