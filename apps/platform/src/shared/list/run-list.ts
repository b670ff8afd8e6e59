import type { Executor } from '@actuate/service-kit';
import { and, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { buildListSql, type ListDefinition, type ListOptions } from './list-query.ts';

/**
 * One page of a table's rows under the caller's scope (e.g. one buyer), filtered, searched and sorted
 * as the options ask, with the total count, in one round-trip (`count(*) over ()`).
 */
export async function listRows<Table extends PgTable>(
  executor: Executor,
  table: Table,
  definition: ListDefinition,
  options: ListOptions,
  scope?: SQL,
): Promise<{ rows: Table['$inferSelect'][]; totalCount: number }> {
  const list = buildListSql(definition, options);
  const where = and(scope, list.where);
  const rows = (await executor
    .select({ ...getTableColumns(table), listTotalCount: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(table as PgTable)
    .where(where)
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset)) as (Table['$inferSelect'] & { listTotalCount: number })[];
  let totalCount = rows[0]?.listTotalCount ?? 0;
  if (rows.length === 0 && options.page > 1) {
    const [counted] = await executor
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(table as PgTable)
      .where(where);
    totalCount = counted?.n ?? 0;
  }
  return {
    rows: rows.map(({ listTotalCount: _, ...row }) => row as Table['$inferSelect']),
    totalCount,
  };
}
