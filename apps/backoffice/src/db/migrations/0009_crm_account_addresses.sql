CREATE TABLE "crm_account_addresses" (
	"account_crm_id" text NOT NULL,
	"web_shop_address_id" text NOT NULL,
	"address" jsonb NOT NULL,
	"erp_address_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_account_addresses_account_crm_id_web_shop_address_id_pk" PRIMARY KEY("account_crm_id","web_shop_address_id")
);
--> statement-breakpoint
ALTER TABLE "crm_account_addresses" ADD CONSTRAINT "crm_account_addresses_account_crm_id_crm_accounts_crm_id_fk" FOREIGN KEY ("account_crm_id") REFERENCES "public"."crm_accounts"("crm_id") ON DELETE no action ON UPDATE no action;