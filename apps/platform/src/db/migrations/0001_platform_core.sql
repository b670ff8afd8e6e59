CREATE TABLE "address_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"address_id" text NOT NULL,
	"user_id" text,
	"user_group_id" text,
	"is_shipping" boolean DEFAULT false NOT NULL,
	"is_billing" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"buyer_id" text NOT NULL,
	"id" text NOT NULL,
	"owner_user_id" text,
	"company_name" text,
	"first_name" text,
	"last_name" text,
	"street1" text NOT NULL,
	"street2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"country" text NOT NULL,
	"phone" text,
	"address_name" text,
	"shipping" boolean DEFAULT true NOT NULL,
	"billing" boolean DEFAULT true NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_buyer_id_id_pk" PRIMARY KEY("buyer_id","id")
);
--> statement-breakpoint
CREATE TABLE "approval_rules" (
	"buyer_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text,
	"description" text,
	"approving_group_id" text NOT NULL,
	"rule_expression" text NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "approval_rules_buyer_id_id_pk" PRIMARY KEY("buyer_id","id")
);
--> statement-breakpoint
CREATE TABLE "api_clients" (
	"id" text PRIMARY KEY NOT NULL,
	"app_name" text NOT NULL,
	"secret_hash" text,
	"active" boolean DEFAULT true NOT NULL,
	"allow_any_buyer" boolean DEFAULT true NOT NULL,
	"allow_seller" boolean DEFAULT false NOT NULL,
	"default_context_user_id" text,
	"access_token_minutes" integer DEFAULT 600 NOT NULL,
	"refresh_token_minutes" integer DEFAULT 43200 NOT NULL,
	"order_checkout_integration_event_id" text,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_throttles" (
	"username" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "platform_secrets" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"family_id" text NOT NULL,
	"user_id" text NOT NULL,
	"client_id" text NOT NULL,
	"scope" text[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_profile_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"security_profile_id" text NOT NULL,
	"buyer_id" text,
	"user_group_id" text,
	"user_id" text
);
--> statement-breakpoint
CREATE TABLE "security_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"custom_roles" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"default_catalog_id" text,
	"active" boolean DEFAULT true NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_assignments" (
	"catalog_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"view_all_categories" boolean DEFAULT true NOT NULL,
	"view_all_products" boolean DEFAULT true NOT NULL,
	CONSTRAINT "catalog_assignments_catalog_id_buyer_id_pk" PRIMARY KEY("catalog_id","buyer_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_generation" (
	"id" integer PRIMARY KEY NOT NULL,
	"generation" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogs" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"catalog_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"parent_id" text,
	"list_order" integer DEFAULT 0 NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "categories_catalog_id_id_pk" PRIMARY KEY("catalog_id","id")
);
--> statement-breakpoint
CREATE TABLE "category_product_assignments" (
	"catalog_id" text NOT NULL,
	"category_id" text NOT NULL,
	"product_id" text NOT NULL,
	"list_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "category_product_assignments_catalog_id_category_id_product_id_pk" PRIMARY KEY("catalog_id","category_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_assignments" (
	"product_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"user_group_id" text,
	"price_schedule_id" text
);
--> statement-breakpoint
CREATE TABLE "product_catalog_assignments" (
	"catalog_id" text NOT NULL,
	"product_id" text NOT NULL,
	CONSTRAINT "product_catalog_assignments_catalog_id_product_id_pk" PRIMARY KEY("catalog_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_facets" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"xp_path" text NOT NULL,
	"list_order" integer DEFAULT 0 NOT NULL,
	"min_count" integer DEFAULT 1 NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"default_price_schedule_id" text,
	"quantity_multiplier" integer DEFAULT 1 NOT NULL,
	"ship_weight" numeric,
	"ship_height" numeric,
	"ship_width" numeric,
	"ship_length" numeric,
	"returnable" boolean DEFAULT false NOT NULL,
	"default_supplier_id" text,
	"inventory" jsonb,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spec_options" (
	"spec_id" text NOT NULL,
	"id" text NOT NULL,
	"value" text NOT NULL,
	"list_order" integer DEFAULT 0 NOT NULL,
	"is_open_text" boolean DEFAULT false NOT NULL,
	"price_markup_type" text DEFAULT 'NoMarkup' NOT NULL,
	"price_markup" numeric,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "spec_options_spec_id_id_pk" PRIMARY KEY("spec_id","id")
);
--> statement-breakpoint
CREATE TABLE "spec_product_assignments" (
	"spec_id" text NOT NULL,
	"product_id" text NOT NULL,
	"default_value" text,
	"default_option_id" text,
	CONSTRAINT "spec_product_assignments_spec_id_product_id_pk" PRIMARY KEY("spec_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "specs" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"list_order" integer DEFAULT 0 NOT NULL,
	"default_value" text,
	"required" boolean DEFAULT false NOT NULL,
	"allow_open_text" boolean DEFAULT false NOT NULL,
	"default_option_id" text,
	"defines_variant" boolean DEFAULT false NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_events" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"event_type" text DEFAULT 'OrderCheckout' NOT NULL,
	"custom_implementation_url" text NOT NULL,
	"hash_key" text NOT NULL,
	"config_data" jsonb,
	"elevated_roles" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"hash_key" text NOT NULL,
	"config_data" jsonb,
	"before_process_request" boolean DEFAULT false NOT NULL,
	"api_client_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"routes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incrementors" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	"left_padding_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_items" (
	"order_id" text NOT NULL,
	"id" text NOT NULL,
	"product_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"quantity_shipped" integer DEFAULT 0 NOT NULL,
	"unit_price" bigint,
	"line_subtotal" bigint DEFAULT 0 NOT NULL,
	"promotion_discount" bigint DEFAULT 0 NOT NULL,
	"line_total" bigint DEFAULT 0 NOT NULL,
	"price_schedule_id" text,
	"is_on_sale" boolean DEFAULT false NOT NULL,
	"price_overridden" boolean DEFAULT false NOT NULL,
	"specs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product" jsonb NOT NULL,
	"shipping_address_id" text,
	"shipping_address" jsonb,
	"cost_center" text,
	"date_needed" timestamp with time zone,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "line_items_order_id_id_pk" PRIMARY KEY("order_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_approvals" (
	"order_id" text NOT NULL,
	"approval_rule_id" text NOT NULL,
	"approving_group_id" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"allow_resubmit" boolean DEFAULT false NOT NULL,
	"comments" text,
	"approver" jsonb,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_completed" timestamp with time zone,
	CONSTRAINT "order_approvals_order_id_approval_rule_id_pk" PRIMARY KEY("order_id","approval_rule_id")
);
--> statement-breakpoint
CREATE TABLE "order_worksheets" (
	"order_id" text PRIMARY KEY NOT NULL,
	"ship_estimate_response" jsonb,
	"order_calculate_response" jsonb,
	"order_submit_response" jsonb,
	"order_submit_for_approval_response" jsonb,
	"order_approved_response" jsonb
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"from_company_id" text NOT NULL,
	"from_user_id" text NOT NULL,
	"from_user" jsonb NOT NULL,
	"to_company_id" text NOT NULL,
	"status" text DEFAULT 'Unsubmitted' NOT NULL,
	"currency" text NOT NULL,
	"billing_address_id" text,
	"billing_address" jsonb,
	"shipping_address_id" text,
	"comments" text,
	"line_item_count" integer DEFAULT 0 NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"shipping_cost" bigint DEFAULT 0 NOT NULL,
	"tax_cost" bigint DEFAULT 0 NOT NULL,
	"gratuity" bigint DEFAULT 0 NOT NULL,
	"fees" bigint DEFAULT 0 NOT NULL,
	"promotion_discount" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"is_submitted" boolean DEFAULT false NOT NULL,
	"subscription_id" text,
	"calculated_at" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_submitted" timestamp with time zone,
	"date_approved" timestamp with time zone,
	"date_declined" timestamp with time zone,
	"date_canceled" timestamp with time zone,
	"date_completed" timestamp with time zone,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"order_id" text NOT NULL,
	"id" text NOT NULL,
	"type" text NOT NULL,
	"credit_card_id" text,
	"spending_account_id" text,
	"description" text,
	"amount" bigint,
	"accepted" boolean DEFAULT false NOT NULL,
	"transactions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "payments_order_id_id_pk" PRIMARY KEY("order_id","id")
);
--> statement-breakpoint
CREATE TABLE "shipment_items" (
	"shipment_id" text NOT NULL,
	"order_id" text NOT NULL,
	"line_item_id" text NOT NULL,
	"quantity_shipped" integer NOT NULL,
	CONSTRAINT "shipment_items_shipment_id_order_id_line_item_id_pk" PRIMARY KEY("shipment_id","order_id","line_item_id")
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" text PRIMARY KEY NOT NULL,
	"buyer_id" text,
	"shipper" text,
	"date_shipped" timestamp with time zone,
	"date_delivered" timestamp with time zone,
	"tracking_number" text,
	"cost" numeric,
	"account" text,
	"from_address_id" text,
	"to_address_id" text,
	"from_address" jsonb,
	"to_address" jsonb,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_schedules" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text,
	"name" text NOT NULL,
	"apply_tax" boolean DEFAULT false NOT NULL,
	"apply_shipping" boolean DEFAULT false NOT NULL,
	"min_quantity" integer,
	"max_quantity" integer,
	"use_cumulative_quantity" boolean DEFAULT false NOT NULL,
	"restricted_quantity" boolean DEFAULT false NOT NULL,
	"currency" text NOT NULL,
	"sale_start" timestamp with time zone,
	"sale_end" timestamp with time zone,
	"price_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_group_assignments" (
	"buyer_id" text NOT NULL,
	"user_group_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "user_group_assignments_buyer_id_user_group_id_user_id_pk" PRIMARY KEY("buyer_id","user_group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"buyer_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "user_groups_buyer_id_id_pk" PRIMARY KEY("buyer_id","id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"buyer_id" text,
	"username" text NOT NULL,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text,
	"active" boolean DEFAULT true NOT NULL,
	"terms_accepted" timestamp with time zone,
	"locale" jsonb,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"password_last_set_date" timestamp with time zone,
	"last_active" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "spending_account_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"spending_account_id" text NOT NULL,
	"user_id" text,
	"user_group_id" text,
	"allow_exceed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spending_accounts" (
	"buyer_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"balance" bigint NOT NULL,
	"allow_as_payment_method" boolean DEFAULT true NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "spending_accounts_buyer_id_id_pk" PRIMARY KEY("buyer_id","id")
);
--> statement-breakpoint
ALTER TABLE "security_profile_assignments" ADD CONSTRAINT "security_profile_assignments_security_profile_id_security_profiles_id_fk" FOREIGN KEY ("security_profile_id") REFERENCES "public"."security_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "address_assignments_party" ON "address_assignments" USING btree ("buyer_id","address_id",coalesce("user_id", ''),coalesce("user_group_id", ''));--> statement-breakpoint
CREATE INDEX "addresses_owner" ON "addresses" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "security_profile_assignments_unique" ON "security_profile_assignments" USING btree ("security_profile_id",coalesce("buyer_id", ''),coalesce("user_group_id", ''),coalesce("user_id", ''));--> statement-breakpoint
CREATE INDEX "catalog_assignments_buyer" ON "catalog_assignments" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "category_product_assignments_product" ON "category_product_assignments" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_assignments_party" ON "product_assignments" USING btree ("product_id","buyer_id",coalesce("user_group_id", ''));--> statement-breakpoint
CREATE INDEX "product_assignments_buyer" ON "product_assignments" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "product_catalog_assignments_product" ON "product_catalog_assignments" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "spec_product_assignments_product" ON "spec_product_assignments" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_approvals_group" ON "order_approvals" USING btree ("approving_group_id");--> statement-breakpoint
CREATE INDEX "orders_from_user" ON "orders" USING btree ("from_user_id");--> statement-breakpoint
CREATE INDEX "orders_from_company" ON "orders" USING btree ("from_company_id");--> statement-breakpoint
CREATE INDEX "shipment_items_order" ON "shipment_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "user_group_assignments_user" ON "user_group_assignments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_unique" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_buyer" ON "users" USING btree ("buyer_id");