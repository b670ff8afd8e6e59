import { type Executor, queryRows } from '@actuate/service-kit';
import { sql } from 'drizzle-orm';

/** Next number of a range, atomically (the row lock serialises concurrent callers). */
export async function nextNumber(db: Executor, scope: string, start: number): Promise<number> {
  const [row] = await queryRows<{ last_value: string | number }>(
    db,
    sql`insert into number_ranges (scope, last_value) values (${scope}, ${start})
        on conflict (scope) do update set last_value = number_ranges.last_value + 1
        returning last_value`,
  );
  if (!row) throw new Error(`number range ${scope} did not answer`);
  return Number(row.last_value);
}

/** Makes sure the range continues after `value` (seeded numbers must never be handed out again). */
export async function reserveUpTo(db: Executor, scope: string, value: number): Promise<void> {
  await db.execute(
    sql`insert into number_ranges (scope, last_value) values (${scope}, ${value})
        on conflict (scope) do update set last_value = greatest(number_ranges.last_value, excluded.last_value)`,
  );
}
