import type { Executor } from '@actuate/service-kit';
import { modifications } from './schema.ts';

export async function insertModification(db: Executor, row: typeof modifications.$inferInsert) {
  await db.insert(modifications).values(row);
}
