CREATE TABLE "api_client_assignments" (
	"api_client_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	CONSTRAINT "api_client_assignments_api_client_id_buyer_id_pk" PRIMARY KEY("api_client_id","buyer_id")
);
--> statement-breakpoint
CREATE TABLE "impersonation_configs" (
	"id" text PRIMARY KEY NOT NULL,
	"impersonation_buyer_id" text,
	"impersonation_group_id" text,
	"impersonation_user_id" text,
	"buyer_id" text,
	"group_id" text,
	"user_id" text,
	"security_profile_id" text NOT NULL,
	"client_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_revocations" (
	"user_id" text PRIMARY KEY NOT NULL,
	"revoked_before" timestamp with time zone NOT NULL,
	"generation" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "session_started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "api_client_assignments" ADD CONSTRAINT "api_client_assignments_api_client_id_api_clients_id_fk" FOREIGN KEY ("api_client_id") REFERENCES "public"."api_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_configs" ADD CONSTRAINT "impersonation_configs_security_profile_id_security_profiles_id_fk" FOREIGN KEY ("security_profile_id") REFERENCES "public"."security_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_configs" ADD CONSTRAINT "impersonation_configs_client_id_api_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."api_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "impersonation_configs_unique" ON "impersonation_configs" USING btree ("client_id","security_profile_id",coalesce("impersonation_buyer_id", ''),coalesce("impersonation_group_id", ''),coalesce("impersonation_user_id", ''),coalesce("buyer_id", ''),coalesce("group_id", ''),coalesce("user_id", ''));--> statement-breakpoint
CREATE INDEX "token_revocations_generation" ON "token_revocations" USING btree ("generation");