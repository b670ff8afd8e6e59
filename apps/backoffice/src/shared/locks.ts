import { type Executor, queryRows } from '@actuate/service-kit';
import { sql } from 'drizzle-orm';

/** Serialises transactions about the same key across instances; released at commit or rollback. */
export async function lockKey(tx: Executor, key: string): Promise<void> {
  await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}
