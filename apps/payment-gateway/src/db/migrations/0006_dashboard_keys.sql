CREATE TABLE "webhook_delivery_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notification_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"delivered" boolean NOT NULL,
	"status_code" integer,
	"error" text,
	"response_excerpt" text DEFAULT '' NOT NULL,
	"duration_ms" integer NOT NULL,
	"hmac_signature" text
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "key_prefix" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_keys" ADD COLUMN "origins_edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_keys" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "hmac_key_rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_delivery_attempts_notification_idx" ON "webhook_delivery_attempts" USING btree ("notification_id","id");