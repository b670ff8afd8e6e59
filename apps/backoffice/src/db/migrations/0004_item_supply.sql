ALTER TABLE "items" ADD COLUMN "successor_sales_item_number" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "stock_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "lead_time_days" integer DEFAULT 10 NOT NULL;