import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Counters for human-readable IDs, e.g. order numbers (`{orderIncrementor}` in an order's ID). */
export const incrementors = pgTable('incrementors', {
  id: text('id').primaryKey(),
  name: text('name'),
  lastNumber: bigint('last_number', { mode: 'number' }).notNull().default(0),
  leftPaddingCount: integer('left_padding_count').notNull().default(0),
});
