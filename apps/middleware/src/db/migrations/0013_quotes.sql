CREATE TABLE "quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"user_id" text NOT NULL,
	"buyer_name" text NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"lines" jsonb NOT NULL,
	"seller_note" text,
	"valid_until" date,
	"order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE INDEX "quotes_company_user_idx" ON "quotes" USING btree ("company_id","user_id");