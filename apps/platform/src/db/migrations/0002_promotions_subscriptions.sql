CREATE TABLE "order_promotions" (
	"order_id" text NOT NULL,
	"promotion_id" text NOT NULL,
	"date_applied" timestamp with time zone DEFAULT now() NOT NULL,
	"amounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_promotions_order_id_promotion_id_pk" PRIMARY KEY("order_id","promotion_id")
);
--> statement-breakpoint
CREATE TABLE "promotion_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"user_group_id" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_redemptions" (
	"promotion_id" text NOT NULL,
	"order_id" text NOT NULL,
	"user_id" text NOT NULL,
	"date_redeemed" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_redemptions_promotion_id_order_id_pk" PRIMARY KEY("promotion_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text,
	"description" text,
	"fine_print" text,
	"line_item_level" boolean DEFAULT false NOT NULL,
	"eligible_expression" text NOT NULL,
	"value_expression" text,
	"redemption_limit" integer,
	"redemption_limit_per_user" integer,
	"quantity_limit_per_order" integer,
	"item_limit_per_order" integer,
	"item_sort_by" text,
	"start_date" timestamp with time zone,
	"expiration_date" timestamp with time zone,
	"can_combine" boolean DEFAULT false NOT NULL,
	"allow_all_buyers" boolean DEFAULT false NOT NULL,
	"owner_id" text,
	"auto_apply" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"use_integration" boolean DEFAULT false NOT NULL,
	"priority" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_integration" (
	"id" text PRIMARY KEY NOT NULL,
	"api_client_id" text,
	"url" text NOT NULL,
	"hash_key" text NOT NULL,
	"notification_days" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"elevated_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"custom_auth_header_name" text,
	"custom_auth_header_value" text,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_items" (
	"subscription_id" text NOT NULL,
	"id" text NOT NULL,
	"product_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"currency" text NOT NULL,
	"unit_price" bigint,
	"line_subtotal" bigint DEFAULT 0 NOT NULL,
	"price_schedule_id" text,
	"specs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product" jsonb NOT NULL,
	"shipping_address_id" text,
	"cost_center" text,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "subscription_items_subscription_id_id_pk" PRIMARY KEY("subscription_id","id")
);
--> statement-breakpoint
CREATE TABLE "subscription_runs" (
	"subscription_id" text NOT NULL,
	"order_date" timestamp with time zone NOT NULL,
	"order_id" text,
	"route" text NOT NULL,
	"error_code" text,
	"unavailable_product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"response" jsonb,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_runs_subscription_id_order_date_pk" PRIMARY KEY("subscription_id","order_date")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"from_company_id" text NOT NULL,
	"from_user_id" text NOT NULL,
	"to_company_id" text NOT NULL,
	"frequency" integer NOT NULL,
	"interval" text NOT NULL,
	"next_order_date" timestamp with time zone NOT NULL,
	"last_order_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"payment" jsonb,
	"billing_address_id" text,
	"shipping_address_id" text,
	"api_client_id" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_worksheets" ADD COLUMN "subscription_integration_response" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "api_client_id" text;--> statement-breakpoint
CREATE INDEX "order_promotions_promotion" ON "order_promotions" USING btree ("promotion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_assignments_unique" ON "promotion_assignments" USING btree ("promotion_id","buyer_id","user_group_id");--> statement-breakpoint
CREATE INDEX "promotion_redemptions_user" ON "promotion_redemptions" USING btree ("promotion_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code" ON "promotions" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "subscriptions_due" ON "subscriptions" USING btree ("next_order_date");--> statement-breakpoint
CREATE INDEX "subscriptions_user" ON "subscriptions" USING btree ("from_user_id");