CREATE TABLE "category_assignments" (
	"catalog_id" text NOT NULL,
	"category_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"user_group_id" text,
	"visible" boolean,
	"view_all_products" boolean
);
--> statement-breakpoint
CREATE UNIQUE INDEX "category_assignments_party" ON "category_assignments" USING btree ("catalog_id","category_id","buyer_id",coalesce("user_group_id", ''));--> statement-breakpoint
CREATE INDEX "category_assignments_buyer" ON "category_assignments" USING btree ("buyer_id","catalog_id");