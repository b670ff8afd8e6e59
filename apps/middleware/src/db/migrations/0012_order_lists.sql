CREATE TABLE "order_list_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"specs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"owner_name" text,
	"name" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_list_lines" ADD CONSTRAINT "order_list_lines_list_id_order_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."order_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_list_lines_list_idx" ON "order_list_lines" USING btree ("list_id","position");--> statement-breakpoint
CREATE INDEX "order_lists_owner_idx" ON "order_lists" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "order_lists_buyer_shared_idx" ON "order_lists" USING btree ("buyer_id","shared");