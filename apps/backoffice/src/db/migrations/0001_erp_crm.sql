CREATE TABLE "callback_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"callback_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "callback_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"subject" text NOT NULL,
	"sequence" integer NOT NULL,
	"body" text NOT NULL,
	"url" text NOT NULL,
	"state" text DEFAULT 'Pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "callback_events_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "crm_accounts" (
	"crm_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"vat_number" text NOT NULL,
	"country_code2" text NOT NULL,
	"sales_company_id" text NOT NULL,
	"currency" text NOT NULL,
	"locale" text NOT NULL,
	"invoice_email" text,
	"phone" text,
	"web_shop_company_id" text,
	"erp_customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_contacts" (
	"crm_id" text PRIMARY KEY NOT NULL,
	"account_crm_id" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"web_shop_user_id" text,
	"erp_contact_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"request" jsonb NOT NULL,
	"account_crm_id" text NOT NULL,
	"contact_crm_id" text NOT NULL,
	"account_matched" text NOT NULL,
	"contact_matched" text NOT NULL,
	"customer_erp_id" text,
	"contact_erp_id" text,
	"sales_company_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "erp_contacts" (
	"erp_id" text PRIMARY KEY NOT NULL,
	"customer_erp_id" text NOT NULL,
	"crm_contact_id" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erp_customers" (
	"erp_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sales_company_id" text NOT NULL,
	"crm_account_id" text,
	"currency" text NOT NULL,
	"country_code2" text NOT NULL,
	"country_code3" text NOT NULL,
	"locale" text NOT NULL,
	"tax_group" text NOT NULL,
	"invoice_email" text NOT NULL,
	"vat_number" text NOT NULL,
	"credit_hold" boolean DEFAULT false NOT NULL,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erp_delivery_addresses" (
	"erp_id" text PRIMARY KEY NOT NULL,
	"customer_erp_id" text NOT NULL,
	"web_shop_address_id" text,
	"name" text,
	"company_name" text,
	"first_name" text,
	"last_name" text,
	"street1" text NOT NULL,
	"street2" text,
	"city" text NOT NULL,
	"zip" text NOT NULL,
	"state" text NOT NULL,
	"country_code2" text NOT NULL,
	"country_code3" text NOT NULL,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_to" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sales_companies" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"country_code2" text NOT NULL,
	"country_code3" text NOT NULL,
	"vat_number" text NOT NULL,
	"served_countries" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "factories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"country_code2" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_factory_states" (
	"sales_item_number" text NOT NULL,
	"factory_id" text NOT NULL,
	"lifecycle_state" text NOT NULL,
	CONSTRAINT "item_factory_states_sales_item_number_factory_id_pk" PRIMARY KEY("sales_item_number","factory_id")
);
--> statement-breakpoint
CREATE TABLE "item_sales_company_states" (
	"sales_item_number" text NOT NULL,
	"sales_company_id" text NOT NULL,
	"lifecycle_state" text NOT NULL,
	"item_state" text NOT NULL,
	CONSTRAINT "item_sales_company_states_sales_item_number_sales_company_id_pk" PRIMARY KEY("sales_item_number","sales_company_id")
);
--> statement-breakpoint
CREATE TABLE "items" (
	"sales_item_number" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"factory_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "number_ranges" (
	"scope" text PRIMARY KEY NOT NULL,
	"last_value" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"invoice_number" text PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"currency" text NOT NULL,
	"net_amount" integer NOT NULL,
	"shipping_amount" integer NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"vat_amount" integer NOT NULL,
	"total_amount" integer NOT NULL,
	"invoice_email" text NOT NULL,
	"invoiced_at" timestamp with time zone NOT NULL,
	"due_date" text NOT NULL,
	CONSTRAINT "invoices_order_number_unique" UNIQUE("order_number")
);
--> statement-breakpoint
CREATE TABLE "sales_order_lines" (
	"order_number" text NOT NULL,
	"line_number" integer NOT NULL,
	"web_shop_line_item_id" text NOT NULL,
	"sales_item_number" text NOT NULL,
	"quantity" integer NOT NULL,
	"quantity_shipped" integer DEFAULT 0 NOT NULL,
	"unit_price" integer NOT NULL,
	CONSTRAINT "sales_order_lines_order_number_line_number_pk" PRIMARY KEY("order_number","line_number")
);
--> statement-breakpoint
CREATE TABLE "sales_order_submissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"web_shop_order_id" text NOT NULL,
	"order_number" text,
	"outcome" text NOT NULL,
	"issue" text NOT NULL,
	"line_issues" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_orders" (
	"order_number" text PRIMARY KEY NOT NULL,
	"web_shop_order_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"request" jsonb NOT NULL,
	"customer_erp_id" text NOT NULL,
	"contact_erp_id" text NOT NULL,
	"sales_company_id" text NOT NULL,
	"currency" text NOT NULL,
	"tax_group" text NOT NULL,
	"delivery_address_erp_id" text NOT NULL,
	"customer_reference" text,
	"shipping_cost" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"confirmed_shipping_date" text,
	"cancellation_reason" text,
	"progression_version" integer DEFAULT 0 NOT NULL,
	"event_sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_orders_web_shop_order_id_unique" UNIQUE("web_shop_order_id")
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"erp_shipment_id" text PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"tracking_url" text NOT NULL,
	"container_ids" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"shipped_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_contacts" ADD CONSTRAINT "crm_contacts_account_crm_id_crm_accounts_crm_id_fk" FOREIGN KEY ("account_crm_id") REFERENCES "public"."crm_accounts"("crm_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_contacts" ADD CONSTRAINT "erp_contacts_customer_erp_id_erp_customers_erp_id_fk" FOREIGN KEY ("customer_erp_id") REFERENCES "public"."erp_customers"("erp_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_customers" ADD CONSTRAINT "erp_customers_sales_company_id_sales_companies_id_fk" FOREIGN KEY ("sales_company_id") REFERENCES "public"."sales_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_delivery_addresses" ADD CONSTRAINT "erp_delivery_addresses_customer_erp_id_erp_customers_erp_id_fk" FOREIGN KEY ("customer_erp_id") REFERENCES "public"."erp_customers"("erp_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_factory_states" ADD CONSTRAINT "item_factory_states_sales_item_number_items_sales_item_number_fk" FOREIGN KEY ("sales_item_number") REFERENCES "public"."items"("sales_item_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_factory_states" ADD CONSTRAINT "item_factory_states_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_sales_company_states" ADD CONSTRAINT "item_sales_company_states_sales_item_number_items_sales_item_number_fk" FOREIGN KEY ("sales_item_number") REFERENCES "public"."items"("sales_item_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_number_sales_orders_order_number_fk" FOREIGN KEY ("order_number") REFERENCES "public"."sales_orders"("order_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_order_number_sales_orders_order_number_fk" FOREIGN KEY ("order_number") REFERENCES "public"."sales_orders"("order_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_number_sales_orders_order_number_fk" FOREIGN KEY ("order_number") REFERENCES "public"."sales_orders"("order_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "callback_attempts_callback_idx" ON "callback_attempts" USING btree ("callback_id","id");--> statement-breakpoint
CREATE INDEX "callback_events_subject_idx" ON "callback_events" USING btree ("subject","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_accounts_vat_idx" ON "crm_accounts" USING btree ("vat_number");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_contacts_email_idx" ON "crm_contacts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "crm_contacts_account_idx" ON "crm_contacts" USING btree ("account_crm_id");--> statement-breakpoint
CREATE INDEX "erp_contacts_customer_idx" ON "erp_contacts" USING btree ("customer_erp_id");--> statement-breakpoint
CREATE INDEX "erp_customers_vat_idx" ON "erp_customers" USING btree ("vat_number");--> statement-breakpoint
CREATE INDEX "erp_delivery_addresses_customer_idx" ON "erp_delivery_addresses" USING btree ("customer_erp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_delivery_addresses_shop_idx" ON "erp_delivery_addresses" USING btree ("customer_erp_id","web_shop_address_id");--> statement-breakpoint
CREATE INDEX "item_sales_company_states_company_idx" ON "item_sales_company_states" USING btree ("sales_company_id");--> statement-breakpoint
CREATE INDEX "sales_order_submissions_order_idx" ON "sales_order_submissions" USING btree ("web_shop_order_id","id");--> statement-breakpoint
CREATE INDEX "sales_orders_customer_idx" ON "sales_orders" USING btree ("customer_erp_id");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_number");