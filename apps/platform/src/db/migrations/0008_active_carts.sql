CREATE TABLE "active_carts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"order_id" text,
	"version" integer DEFAULT 1 NOT NULL
);
