import type { Executor } from '@actuate/service-kit';
import { priceSchedules } from './schema.ts';

export type NewPriceScheduleRow = typeof priceSchedules.$inferInsert;

/** New price schedules in bulk (the demo seeder), in chunks under the bind-parameter limit. */
export async function insertPriceScheduleRows(db: Executor, rows: NewPriceScheduleRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 2_000) {
    await db.insert(priceSchedules).values(rows.slice(start, start + 2_000));
  }
}
