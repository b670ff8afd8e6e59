import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export type ModificationKind = 'capture' | 'refund' | 'cancel' | 'reversal';

/** Captures, refunds, cancels and reversals of payments, with their outcome. */
export const modifications = pgTable(
  'modifications',
  {
    pspReference: text('psp_reference').primaryKey(),
    paymentPspReference: text('payment_psp_reference').notNull(),
    merchantAccount: text('merchant_account').notNull(),
    kind: text('kind').$type<ModificationKind>().notNull(),
    currency: text('currency').notNull(),
    amountValue: bigint('amount_value', { mode: 'number' }).notNull(),
    reference: text('reference'),
    reason: text('reason'),
    outcome: text('outcome').$type<'succeeded' | 'failed'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('modifications_payment_idx').on(table.paymentPspReference)],
);
