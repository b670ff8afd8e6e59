ALTER TABLE "ship_methods" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ship_methods" ADD COLUMN "transit_days" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ship_methods" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;