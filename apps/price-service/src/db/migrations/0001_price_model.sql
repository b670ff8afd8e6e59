CREATE TABLE "exchange_rates" (
	"valid_from" timestamp with time zone PRIMARY KEY NOT NULL,
	"dkk_per_eur_scaled" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_groups" (
	"sales_company_id" text NOT NULL,
	"customer_erp_id" text NOT NULL,
	"product_family_group" text NOT NULL,
	"discount_basis_points" integer NOT NULL,
	CONSTRAINT "discount_groups_sales_company_id_customer_erp_id_product_family_group_pk" PRIMARY KEY("sales_company_id","customer_erp_id","product_family_group")
);
--> statement-breakpoint
CREATE TABLE "net_price_agreements" (
	"id" text PRIMARY KEY NOT NULL,
	"sales_company_id" text NOT NULL,
	"customer_erp_id" text NOT NULL,
	"sales_item_number" text NOT NULL,
	"currency" text NOT NULL,
	"price" bigint NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "quantity_breaks" (
	"schedule_key" text NOT NULL,
	"min_quantity" integer NOT NULL,
	"discount_basis_points" integer NOT NULL,
	CONSTRAINT "quantity_breaks_schedule_key_min_quantity_pk" PRIMARY KEY("schedule_key","min_quantity")
);
--> statement-breakpoint
CREATE TABLE "price_catalog_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "option_markups" (
	"family_id" text NOT NULL,
	"facet" text NOT NULL,
	"value" text NOT NULL,
	"markup" bigint NOT NULL,
	CONSTRAINT "option_markups_family_id_facet_value_pk" PRIMARY KEY("family_id","facet","value")
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"id" text PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_families" (
	"id" text PRIMARY KEY NOT NULL,
	"product_family_group" text NOT NULL,
	"base_price" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_items" (
	"sales_item_number" text PRIMARY KEY NOT NULL,
	"family_id" text NOT NULL,
	"price_list_id" text NOT NULL,
	"gross_price" bigint NOT NULL,
	"active" boolean NOT NULL,
	"ship_weight_grams" integer NOT NULL,
	"configuration" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ship_method_bands" (
	"ship_method_id" text NOT NULL,
	"max_weight_grams" integer NOT NULL,
	"cost_dkk" bigint NOT NULL,
	"cost_eur" bigint NOT NULL,
	CONSTRAINT "ship_method_bands_ship_method_id_max_weight_grams_pk" PRIMARY KEY("ship_method_id","max_weight_grams")
);
--> statement-breakpoint
CREATE TABLE "ship_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"countries" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_companies" (
	"id" text PRIMARY KEY NOT NULL,
	"country_code" text NOT NULL,
	"currency" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"vat_country_code" text
);
--> statement-breakpoint
CREATE TABLE "vat_rates" (
	"country_code" text PRIMARY KEY NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"eu_member" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "option_markups" ADD CONSTRAINT "option_markups_family_id_product_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."product_families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_items" ADD CONSTRAINT "sales_items_family_id_product_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."product_families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_items" ADD CONSTRAINT "sales_items_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ship_method_bands" ADD CONSTRAINT "ship_method_bands_ship_method_id_ship_methods_id_fk" FOREIGN KEY ("ship_method_id") REFERENCES "public"."ship_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_items_family_idx" ON "sales_items" USING btree ("family_id");