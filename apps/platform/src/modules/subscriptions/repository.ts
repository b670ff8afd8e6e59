import type { Executor } from '@actuate/service-kit';
import { and, asc, eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { ListDefinition, ListOptions } from '../../shared/list/list-query.ts';
import { listRows } from '../../shared/list/run-list.ts';
import { subscriptionIntegration, subscriptionItems, subscriptionRuns, subscriptions } from './schema.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;
export type ItemRow = typeof subscriptionItems.$inferSelect;
export type IntegrationRow = typeof subscriptionIntegration.$inferSelect;
export type RunRow = typeof subscriptionRuns.$inferSelect;

export const INTEGRATION_ROW_ID = 'marketplace';

export const subscriptionList: ListDefinition = {
  fields: {
    ID: { column: subscriptions.id, type: 'text' },
    Active: { column: subscriptions.active, type: 'boolean' },
    Interval: { column: subscriptions.interval, type: 'text' },
    Frequency: { column: subscriptions.frequency, type: 'number' },
    NextOrderDate: { column: subscriptions.nextOrderDate, type: 'date' },
    LastOrderDate: { column: subscriptions.lastOrderDate, type: 'date' },
    EndDate: { column: subscriptions.endDate, type: 'date' },
    DateCreated: { column: subscriptions.dateCreated, type: 'date' },
    FromCompanyID: { column: subscriptions.fromCompanyId, type: 'text' },
    FromUserID: { column: subscriptions.fromUserId, type: 'text' },
  },
  xp: subscriptions.xp,
  searchOn: ['ID'],
  defaultSort: ['ID'],
};

export const itemList: ListDefinition = {
  fields: {
    ID: { column: subscriptionItems.id, type: 'text' },
    ProductID: { column: subscriptionItems.productId, type: 'text' },
    Quantity: { column: subscriptionItems.quantity, type: 'number' },
    DateAdded: { column: subscriptionItems.dateAdded, type: 'date' },
  },
  xp: subscriptionItems.xp,
  searchOn: ['ID', 'ProductID'],
  defaultSort: ['DateAdded'],
};

export const listSubscriptionRows = (db: Executor, options: ListOptions, scope: SQL | undefined) =>
  listRows(db, subscriptions, subscriptionList, options, scope);

export async function findSubscription(db: Executor, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

/** The subscription, locked, if it still waits for this order date. */
export async function lockDue(
  db: Executor,
  id: string,
  orderDate: Date,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.nextOrderDate, orderDate)))
    .for('update');
  return row;
}

export async function insertSubscription(db: Executor, row: NewSubscriptionRow): Promise<SubscriptionRow> {
  const [inserted] = await db.insert(subscriptions).values(row).returning();
  return inserted as SubscriptionRow;
}

export async function updateSubscription(
  db: Executor,
  id: string,
  values: Partial<NewSubscriptionRow>,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.update(subscriptions).set(values).where(eq(subscriptions.id, id)).returning();
  return row;
}

export async function deleteSubscription(db: Executor, id: string): Promise<boolean> {
  const deleted = await db.delete(subscriptions).where(eq(subscriptions.id, id)).returning();
  await db.delete(subscriptionItems).where(eq(subscriptionItems.subscriptionId, id));
  return deleted.length > 0;
}

/**
 * Due subscriptions (docs/domain.md): active, NextOrderDate within the window (now − lookback, now],
 * EndDate null or in the future. Whether the user is active is checked by the caller.
 */
export async function dueSubscriptions(db: Executor, now: Date, lookbackHours: number) {
  const since = new Date(now.getTime() - lookbackHours * 3600_000);
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.active, true),
        lte(subscriptions.nextOrderDate, now),
        sql`${subscriptions.nextOrderDate} > ${since}`,
        or(isNull(subscriptions.endDate), sql`${subscriptions.endDate} > ${now}`),
      ),
    )
    .orderBy(asc(subscriptions.nextOrderDate), asc(subscriptions.id))
    .limit(500);
}

export const listItemRows = (db: Executor, subscriptionId: string, options: ListOptions) =>
  listRows(db, subscriptionItems, itemList, options, eq(subscriptionItems.subscriptionId, subscriptionId));

export async function allItems(db: Executor, subscriptionId: string): Promise<ItemRow[]> {
  return db
    .select()
    .from(subscriptionItems)
    .where(eq(subscriptionItems.subscriptionId, subscriptionId))
    .orderBy(asc(subscriptionItems.dateAdded), asc(subscriptionItems.id));
}

export async function findItem(db: Executor, subscriptionId: string, id: string) {
  const [row] = await db
    .select()
    .from(subscriptionItems)
    .where(and(eq(subscriptionItems.subscriptionId, subscriptionId), eq(subscriptionItems.id, id)));
  return row;
}

export async function upsertItem(db: Executor, row: typeof subscriptionItems.$inferInsert): Promise<ItemRow> {
  const { subscriptionId: _s, id: _i, dateAdded: _d, ...changes } = row;
  const [saved] = await db
    .insert(subscriptionItems)
    .values(row)
    .onConflictDoUpdate({ target: [subscriptionItems.subscriptionId, subscriptionItems.id], set: changes })
    .returning();
  return saved as ItemRow;
}

export async function deleteItem(db: Executor, subscriptionId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(subscriptionItems)
    .where(and(eq(subscriptionItems.subscriptionId, subscriptionId), eq(subscriptionItems.id, id)))
    .returning();
  return deleted.length > 0;
}

// --- the integration ------------------------------------------------------------------------------

export async function findIntegration(db: Executor): Promise<IntegrationRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptionIntegration)
    .where(eq(subscriptionIntegration.id, INTEGRATION_ROW_ID));
  return row;
}

export async function saveIntegration(
  db: Executor,
  values: Omit<typeof subscriptionIntegration.$inferInsert, 'id'>,
) {
  const [row] = await db
    .insert(subscriptionIntegration)
    .values({ id: INTEGRATION_ROW_ID, ...values })
    .onConflictDoUpdate({ target: subscriptionIntegration.id, set: values })
    .returning();
  return row as IntegrationRow;
}

export async function deleteIntegration(db: Executor): Promise<boolean> {
  const deleted = await db
    .delete(subscriptionIntegration)
    .where(eq(subscriptionIntegration.id, INTEGRATION_ROW_ID))
    .returning();
  return deleted.length > 0;
}

// --- runs -------------------------------------------------------------------------------------------

export async function findRun(db: Executor, subscriptionId: string, orderDate: Date) {
  const [row] = await db
    .select()
    .from(subscriptionRuns)
    .where(
      and(eq(subscriptionRuns.subscriptionId, subscriptionId), eq(subscriptionRuns.orderDate, orderDate)),
    );
  return row;
}

export async function insertRun(db: Executor, row: typeof subscriptionRuns.$inferInsert) {
  await db.insert(subscriptionRuns).values(row);
}

/**
 * Claims a run for its call to the integration: only one instance wins, and a claim older than
 * `staleBefore` (an instance died mid-call) may be taken over.
 */
export async function claimRun(
  db: Executor,
  subscriptionId: string,
  orderDate: Date,
  now: Date,
  staleBefore: Date,
): Promise<RunRow | undefined> {
  const [row] = await db
    .update(subscriptionRuns)
    .set({ status: 'Notifying', claimedAt: now, lastUpdated: now })
    .where(
      and(
        eq(subscriptionRuns.subscriptionId, subscriptionId),
        eq(subscriptionRuns.orderDate, orderDate),
        sql`(${subscriptionRuns.status} in ('Created', 'Failed') or (${subscriptionRuns.status} = 'Notifying' and ${subscriptionRuns.claimedAt} < ${staleBefore}))`,
      ),
    )
    .returning();
  return row;
}

export async function finishRun(
  db: Executor,
  subscriptionId: string,
  orderDate: Date,
  values: { status: 'Succeeded' | 'Failed'; response: Record<string, unknown>; attempts: number; now: Date },
) {
  await db
    .update(subscriptionRuns)
    .set({
      status: values.status,
      response: values.response,
      attempts: values.attempts,
      lastUpdated: values.now,
    })
    .where(
      and(eq(subscriptionRuns.subscriptionId, subscriptionId), eq(subscriptionRuns.orderDate, orderDate)),
    );
}

export async function runsOf(db: Executor, subscriptionId: string): Promise<RunRow[]> {
  return db
    .select()
    .from(subscriptionRuns)
    .where(eq(subscriptionRuns.subscriptionId, subscriptionId))
    .orderBy(asc(subscriptionRuns.orderDate));
}
