import type { Executor } from '@actuate/service-kit';
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

const ROWS_PER_STATEMENT = 10_000;

/**
 * Inserts many rows with one JSON parameter per statement (`jsonb_populate_recordset`) instead of
 * one bind parameter per value: tens of thousands of rows in a few statements, far less work for
 * the driver and no bind-parameter limit. Columns the rows leave out take their defaults.
 */
export async function bulkInsert<T extends PgTable>(
  db: Executor,
  table: T,
  rows: T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table));
  const present = columns.filter(([key]) =>
    rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  const names = sql.join(
    present.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const tableName = sql.identifier(getTableName(table));
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT).map((row) => {
      const record: Record<string, unknown> = {};
      for (const [key, column] of present) {
        const value = (row as Record<string, unknown>)[key];
        record[column.name] = value instanceof Date ? value.toISOString() : (value ?? null);
      }
      return record;
    });
    await db.execute(
      sql`insert into ${tableName} (${names}) select ${names} from jsonb_populate_recordset(null::${tableName}, ${JSON.stringify(chunk)}::jsonb)`,
    );
  }
}
