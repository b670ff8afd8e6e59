import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export type DonationStatus = 'completed' | 'pending' | 'refused';

/**
 * Donations made after a payment (Adyen Giving): each is a payment of its own on the original's
 * method. One per original payment (its donationToken), which the unique index enforces.
 */
export const donations = pgTable(
  'donations',
  {
    id: text('id').primaryKey(),
    merchantAccount: text('merchant_account').notNull(),
    originalPspReference: text('original_psp_reference').notNull(),
    /** The donation's own payment. */
    pspReference: text('psp_reference').notNull(),
    donationCampaignId: text('donation_campaign_id').notNull(),
    donationAccount: text('donation_account').notNull(),
    reference: text('reference').notNull(),
    currency: text('currency').notNull(),
    amountValue: bigint('amount_value', { mode: 'number' }).notNull(),
    status: text('status').$type<DonationStatus>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('donations_original_payment_idx').on(table.originalPspReference),
    index('donations_merchant_idx').on(table.merchantAccount),
  ],
);
