CREATE TABLE "address_syncs" (
	"address_id" text PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"state" text NOT NULL,
	"erp_id" text,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "erp_submissions" ADD COLUMN "awaiting_address_id" text;