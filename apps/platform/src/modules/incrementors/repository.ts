import type { Executor } from '@actuate/service-kit';
import { eq, sql } from 'drizzle-orm';
import type { ListDefinition } from '../../shared/list/list-query.ts';
import { incrementors } from './schema.ts';

export type IncrementorRow = typeof incrementors.$inferSelect;

export const incrementorList: ListDefinition = {
  fields: {
    ID: { column: incrementors.id, type: 'text' },
    Name: { column: incrementors.name, type: 'text' },
    LastNumber: { column: incrementors.lastNumber, type: 'number' },
    LeftPaddingCount: { column: incrementors.leftPaddingCount, type: 'number' },
  },
  searchOn: ['ID', 'Name'],
  defaultSort: ['ID'],
};

/**
 * Takes the next number of an incrementor. The UPDATE locks the row until the caller's transaction
 * ends, and PostgreSQL re-reads `last_number` after waiting on that lock, so concurrent takers never
 * get the same number; a rolled-back transaction gives its number back.
 */
export async function takeNextNumber(
  db: Executor,
  id: string,
): Promise<{ value: number; padding: number } | undefined> {
  const [row] = await db
    .update(incrementors)
    .set({ lastNumber: sql`${incrementors.lastNumber} + 1` })
    .where(eq(incrementors.id, id))
    .returning({ value: incrementors.lastNumber, padding: incrementors.leftPaddingCount });
  return row;
}

export async function ensureIncrementorRow(
  db: Executor,
  row: typeof incrementors.$inferInsert,
): Promise<void> {
  await db.insert(incrementors).values(row).onConflictDoNothing();
}
