CREATE TABLE "credit_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"user_id" text NOT NULL,
	"token" text,
	"card_type" text,
	"partial_account_number" text,
	"cardholder_name" text,
	"expiration_date" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "credit_cards_user" ON "credit_cards" USING btree ("buyer_id","user_id");