CREATE TABLE "checkout_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" text NOT NULL,
	"event_type" text NOT NULL,
	"environment" text NOT NULL,
	"worksheet" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "checkout_events_order_idx" ON "checkout_events" USING btree ("order_id","event_type");