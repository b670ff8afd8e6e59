CREATE TABLE "company_syncs" (
	"erp_id" text PRIMARY KEY NOT NULL,
	"buyer_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"xp" jsonb,
	"state" text NOT NULL,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"email" text NOT NULL,
	"vat_number" text NOT NULL,
	"company_name" text NOT NULL,
	"country_code2" text NOT NULL,
	"locale" text NOT NULL,
	"request" jsonb NOT NULL,
	"buyer_id" text NOT NULL,
	"buyer_created" boolean NOT NULL,
	"user_id" text NOT NULL,
	"azure_object_id" text NOT NULL,
	"backoffice_registration_id" text,
	"crm_account_id" text,
	"crm_contact_id" text,
	"customer_erp_id" text,
	"contact_erp_id" text,
	"sales_company_id" text,
	"checks" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_email_key" ON "registrations" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_user_key" ON "registrations" USING btree ("user_id");