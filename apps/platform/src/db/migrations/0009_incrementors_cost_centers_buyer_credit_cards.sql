CREATE TABLE "cost_center_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"cost_center_id" text NOT NULL,
	"user_group_id" text
);
--> statement-breakpoint
CREATE TABLE "cost_centers" (
	"buyer_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "cost_centers_buyer_id_id_pk" PRIMARY KEY("buyer_id","id")
);
--> statement-breakpoint
CREATE TABLE "credit_card_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"credit_card_id" text NOT NULL,
	"user_id" text,
	"user_group_id" text
);
--> statement-breakpoint
ALTER TABLE "credit_cards" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "incrementors" ALTER COLUMN "name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "incrementors" ALTER COLUMN "last_number" SET DATA TYPE bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "cost_center_assignments_party" ON "cost_center_assignments" USING btree ("buyer_id","cost_center_id",coalesce("user_group_id", ''));--> statement-breakpoint
CREATE INDEX "cost_center_assignments_group" ON "cost_center_assignments" USING btree ("buyer_id","user_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_card_assignments_party" ON "credit_card_assignments" USING btree ("buyer_id","credit_card_id",coalesce("user_id", ''),coalesce("user_group_id", ''));--> statement-breakpoint
CREATE INDEX "credit_card_assignments_user" ON "credit_card_assignments" USING btree ("buyer_id","user_id");