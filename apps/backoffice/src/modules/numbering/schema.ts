import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/** Number ranges of the ERP and CRM (customer, contact, address, sales order, shipment, invoice, credit note numbers). */
export const numberRanges = pgTable('number_ranges', {
  scope: text('scope').primaryKey(),
  lastValue: bigint('last_value', { mode: 'number' }).notNull(),
});
