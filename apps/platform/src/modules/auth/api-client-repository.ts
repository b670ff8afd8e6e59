import type { Executor } from '@actuate/service-kit';
import { and, eq, sql } from 'drizzle-orm';
import type { ListDefinition, ListOptions } from '../../shared/list/list-query.ts';
import { listRows } from '../../shared/list/run-list.ts';
import { apiClientAssignments, apiClients } from './schema.ts';

// The SQL of API clients and of the buyers assigned to them.

export type ApiClientRow = typeof apiClients.$inferSelect;
export type NewApiClientRow = typeof apiClients.$inferInsert;
export type ApiClientAssignmentRow = typeof apiClientAssignments.$inferSelect;

export const apiClientList: ListDefinition = {
  fields: {
    ID: { column: apiClients.id, type: 'text' },
    AppName: { column: apiClients.appName, type: 'text' },
    Active: { column: apiClients.active, type: 'boolean' },
  },
  xp: apiClients.xp,
  searchOn: ['ID', 'AppName'],
  defaultSort: ['AppName'],
};

// --- API clients ---------------------------------------------------------------------------------

export const listApiClientRows = (db: Executor, options: ListOptions) =>
  listRows(db, apiClients, apiClientList, options);

export async function findApiClientRow(db: Executor, id: string): Promise<ApiClientRow | undefined> {
  const [row] = await db.select().from(apiClients).where(eq(apiClients.id, id));
  return row;
}

export async function insertApiClientRow(db: Executor, row: NewApiClientRow): Promise<ApiClientRow> {
  const [inserted] = await db.insert(apiClients).values(row).returning();
  return inserted as ApiClientRow;
}

/** Inserts the client, or sets only the `update` columns of an existing one. */
export async function ensureApiClientRow(
  db: Executor,
  row: NewApiClientRow,
  update: Partial<NewApiClientRow>,
): Promise<void> {
  const insert = db.insert(apiClients).values(row);
  await (Object.keys(update).length > 0
    ? insert.onConflictDoUpdate({ target: apiClients.id, set: update })
    : insert.onConflictDoNothing());
}

export async function updateApiClientRow(db: Executor, id: string, row: Partial<NewApiClientRow>) {
  const [updated] = await db.update(apiClients).set(row).where(eq(apiClients.id, id)).returning();
  return updated;
}

export async function deleteApiClientRow(db: Executor, id: string): Promise<boolean> {
  return (
    (await db.delete(apiClients).where(eq(apiClients.id, id)).returning({ id: apiClients.id })).length > 0
  );
}

// --- API client assignments ----------------------------------------------------------------------

export async function insertApiClientAssignment(db: Executor, row: ApiClientAssignmentRow): Promise<void> {
  await db.insert(apiClientAssignments).values(row).onConflictDoNothing();
}

export async function deleteApiClientAssignment(db: Executor, row: ApiClientAssignmentRow): Promise<boolean> {
  const deleted = await db
    .delete(apiClientAssignments)
    .where(
      and(
        eq(apiClientAssignments.apiClientId, row.apiClientId),
        eq(apiClientAssignments.buyerId, row.buyerId),
      ),
    )
    .returning({ buyerId: apiClientAssignments.buyerId });
  return deleted.length > 0;
}

export async function isApiClientAssigned(db: Executor, apiClientId: string, buyerId: string) {
  const [row] = await db
    .select({ buyerId: apiClientAssignments.buyerId })
    .from(apiClientAssignments)
    .where(and(eq(apiClientAssignments.apiClientId, apiClientId), eq(apiClientAssignments.buyerId, buyerId)));
  return row !== undefined;
}

const apiClientAssignmentList: ListDefinition = {
  fields: {
    // An assignment has no ID of its own: the pair is its identity (and the list's tie-breaker).
    ID: {
      column: sql`${apiClientAssignments.apiClientId} || '/' || ${apiClientAssignments.buyerId}`,
      type: 'text',
    },
    ApiClientID: { column: apiClientAssignments.apiClientId, type: 'text' },
    BuyerID: { column: apiClientAssignments.buyerId, type: 'text' },
  },
  searchOn: [],
  defaultSort: ['ApiClientID', 'BuyerID'],
};

export const listApiClientAssignmentRows = (
  db: Executor,
  filter: { apiClientId?: string | undefined; buyerId?: string | undefined },
  options: ListOptions,
) =>
  listRows(
    db,
    apiClientAssignments,
    apiClientAssignmentList,
    options,
    and(
      filter.apiClientId ? eq(apiClientAssignments.apiClientId, filter.apiClientId) : undefined,
      filter.buyerId ? eq(apiClientAssignments.buyerId, filter.buyerId) : undefined,
    ),
  );

/** Whether an API client acts as this user (its DefaultContextUser). */
export async function isDefaultContextUser(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: apiClients.id })
    .from(apiClients)
    .where(eq(apiClients.defaultContextUserId, userId))
    .limit(1);
  return rows.length > 0;
}
