import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { invoices } from '../sales-orders/schema.ts';

/**
 * Credit notes the ERP issued against an invoice. Amounts are stored as credited (positive minor units);
 * the API shows them negative. VAT rate and currency are the credited invoice's.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    creditNoteNumber: text('credit_note_number').primaryKey(),
    invoiceNumber: text('invoice_number')
      .notNull()
      .references(() => invoices.invoiceNumber),
    reason: text('reason').notNull(),
    currency: text('currency').notNull(),
    netAmount: integer('net_amount').notNull(),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    vatAmount: integer('vat_amount').notNull(),
    totalAmount: integer('total_amount').notNull(),
    invoiceEmail: text('invoice_email').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('credit_notes_invoice_idx').on(table.invoiceNumber)],
);

/** The invoice lines a credit note credits (none when it credits an amount). */
export const creditNoteLines = pgTable(
  'credit_note_lines',
  {
    creditNoteNumber: text('credit_note_number')
      .notNull()
      .references(() => creditNotes.creditNoteNumber),
    lineNumber: integer('line_number').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
  },
  (table) => [primaryKey({ columns: [table.creditNoteNumber, table.lineNumber] })],
);
