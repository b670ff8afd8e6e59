CREATE TABLE "credit_note_lines" (
	"credit_note_number" text NOT NULL,
	"line_number" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	CONSTRAINT "credit_note_lines_credit_note_number_line_number_pk" PRIMARY KEY("credit_note_number","line_number")
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"credit_note_number" text PRIMARY KEY NOT NULL,
	"invoice_number" text NOT NULL,
	"reason" text NOT NULL,
	"currency" text NOT NULL,
	"net_amount" integer NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"vat_amount" integer NOT NULL,
	"total_amount" integer NOT NULL,
	"invoice_email" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_credit_note_number_credit_notes_credit_note_number_fk" FOREIGN KEY ("credit_note_number") REFERENCES "public"."credit_notes"("credit_note_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_number_invoices_invoice_number_fk" FOREIGN KEY ("invoice_number") REFERENCES "public"."invoices"("invoice_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_number");