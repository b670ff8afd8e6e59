import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** One 3-D Secure 2 authentication (3DS server + ACS simulator state) of a card payment. */
export const threeDsTransactions = pgTable(
  'threeds_transactions',
  {
    /** threeDSServerTransID. */
    id: text('id').primaryKey(),
    acsTransId: text('acs_trans_id').notNull(),
    pspReference: text('psp_reference').notNull(),
    flow: text('flow').$type<ThreeDsFlow>().notNull(),
    stage: text('stage').$type<'fingerprint' | 'challenge' | 'completed'>().notNull(),
    /** The merchant page's origin: where the notification pages post their result message. */
    merchantOrigin: text('merchant_origin'),
    challengeWindowSize: text('challenge_window_size').notNull().default('02'),
    /** Set when the ACS ran the 3DS method (device fingerprint) page. */
    methodCompletedAt: timestamp('method_completed_at', { withTimezone: true, mode: 'date' }),
    threeDsCompInd: text('threeds_comp_ind'),
    challengeStartedAt: timestamp('challenge_started_at', { withTimezone: true, mode: 'date' }),
    /** The ACS's final answer: Y, N or U. */
    transStatus: text('trans_status').$type<'Y' | 'N' | 'U'>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('threeds_transactions_acs_idx').on(table.acsTransId)],
);

export type ThreeDsFlow = 'frictionless' | 'fingerprint-then-challenge' | 'challenge-only';
