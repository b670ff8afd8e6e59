import type { Executor } from '@actuate/service-kit';
import { bulkInsert } from '../../shared/bulk-insert.ts';
import { priceSchedules } from './schema.ts';

export type NewPriceScheduleRow = typeof priceSchedules.$inferInsert;

/** New price schedules in bulk (the demo seeder). */
export const insertPriceScheduleRows = (db: Executor, rows: NewPriceScheduleRow[]) =>
  bulkInsert(db, priceSchedules, rows);
