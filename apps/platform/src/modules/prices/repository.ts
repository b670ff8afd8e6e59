import type { Executor } from '@actuate/service-kit';
import { eq } from 'drizzle-orm';
import { bulkInsert } from '../../shared/bulk-insert.ts';
import { priceSchedules, type StoredPriceBreak } from './schema.ts';

export type NewPriceScheduleRow = typeof priceSchedules.$inferInsert;

/** New price schedules in bulk (the demo seeder). */
export const insertPriceScheduleRows = (db: Executor, rows: NewPriceScheduleRow[]) =>
  bulkInsert(db, priceSchedules, rows);

export async function findPriceScheduleRow(db: Executor, id: string) {
  const [row] = await db.select().from(priceSchedules).where(eq(priceSchedules.id, id));
  return row;
}

/** A schedule locked for a read-modify-write of its breaks (two break writes never lose one another). */
export async function lockPriceSchedule(tx: Executor, id: string) {
  const [row] = await tx.select().from(priceSchedules).where(eq(priceSchedules.id, id)).for('update');
  return row;
}

export async function updatePriceBreaks(tx: Executor, id: string, priceBreaks: StoredPriceBreak[]) {
  const [row] = await tx
    .update(priceSchedules)
    .set({ priceBreaks })
    .where(eq(priceSchedules.id, id))
    .returning();
  return row;
}
