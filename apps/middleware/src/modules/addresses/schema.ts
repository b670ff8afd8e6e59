import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Each shop address sent to the ERP: Pending (job queued) → Synced (ERP id on the platform address),
 * or NoCustomer (the company has no ERP id yet) / Gone (the address was deleted before the job ran).
 */
export const addressSyncs = pgTable('address_syncs', {
  addressId: text('address_id').primaryKey(),
  buyerId: text('buyer_id').notNull(),
  state: text('state').notNull(),
  erpId: text('erp_id'),
  lastError: text('last_error'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
