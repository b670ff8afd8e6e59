ALTER TABLE "sales_order_lines" ADD COLUMN "date_needed" text;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD COLUMN "cost_center" text;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "comments" text;