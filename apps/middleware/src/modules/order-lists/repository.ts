import type { OrderListSpec } from '@actuate/contracts';
import type { Executor } from '@actuate/service-kit';
import { and, asc, count, desc, eq, inArray, max, or, sql } from 'drizzle-orm';
import { orderListLines, orderLists } from './schema.ts';

export type OrderListRow = typeof orderLists.$inferSelect;
export type OrderListLineRow = typeof orderListLines.$inferSelect;
export type OrderListWithCount = OrderListRow & { lineCount: number };

export interface NewLine {
  productId: string;
  quantity: number;
  specs: OrderListSpec[];
}

const lineCount = count(orderListLines.id).mapWith(Number);

/** The caller's own lists and the lists their company shares, with their line counts, newest first. */
export async function listsVisibleTo(
  executor: Executor,
  userId: string,
  buyerId: string,
): Promise<OrderListWithCount[]> {
  return executor
    .select({ ...getColumns(), lineCount })
    .from(orderLists)
    .leftJoin(orderListLines, eq(orderListLines.listId, orderLists.id))
    .where(
      or(
        eq(orderLists.ownerUserId, userId),
        and(eq(orderLists.buyerId, buyerId), eq(orderLists.shared, true)),
      ),
    )
    .groupBy(orderLists.id)
    .orderBy(desc(orderLists.updatedAt), asc(orderLists.name));
}

function getColumns() {
  const { id, ownerUserId, buyerId, ownerName, name, shared, createdAt, updatedAt } = orderLists;
  return { id, ownerUserId, buyerId, ownerName, name, shared, createdAt, updatedAt };
}

export async function countOwnedBy(executor: Executor, userId: string): Promise<number> {
  const [row] = await executor
    .select({ total: count().mapWith(Number) })
    .from(orderLists)
    .where(eq(orderLists.ownerUserId, userId));
  return row?.total ?? 0;
}

export async function findList(executor: Executor, id: string): Promise<OrderListRow | undefined> {
  const [row] = await executor.select().from(orderLists).where(eq(orderLists.id, id));
  return row;
}

export async function linesOf(executor: Executor, listId: string): Promise<OrderListLineRow[]> {
  return executor
    .select()
    .from(orderListLines)
    .where(eq(orderListLines.listId, listId))
    .orderBy(asc(orderListLines.position), asc(orderListLines.createdAt));
}

export async function insertList(
  executor: Executor,
  list: { ownerUserId: string; buyerId: string; ownerName: string | null; name: string; shared: boolean },
): Promise<OrderListRow> {
  const [row] = await executor.insert(orderLists).values(list).returning();
  if (!row) throw new Error('order list insert returned nothing');
  return row;
}

export async function updateList(
  executor: Executor,
  id: string,
  changes: { name?: string; shared?: boolean; ownerName?: string | null },
): Promise<void> {
  await executor
    .update(orderLists)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(orderLists.id, id));
}

export async function deleteList(executor: Executor, id: string): Promise<void> {
  await executor.delete(orderLists).where(eq(orderLists.id, id));
}

/** Appends lines after the list's last position. */
export async function insertLines(executor: Executor, listId: string, lines: NewLine[]): Promise<void> {
  if (lines.length === 0) return;
  const [last] = await executor
    .select({ position: max(orderListLines.position) })
    .from(orderListLines)
    .where(eq(orderListLines.listId, listId));
  const start = (last?.position ?? 0) + 1;
  await executor
    .insert(orderListLines)
    .values(lines.map((line, index) => ({ listId, ...line, position: start + index })));
}

export async function setLineQuantity(
  executor: Executor,
  listId: string,
  lineId: string,
  quantity: number,
): Promise<boolean> {
  const updated = await executor
    .update(orderListLines)
    .set({ quantity })
    .where(and(eq(orderListLines.listId, listId), eq(orderListLines.id, lineId)))
    .returning({ id: orderListLines.id });
  return updated.length > 0;
}

export async function deleteLines(executor: Executor, listId: string, lineIds: string[]): Promise<boolean> {
  const deleted = await executor
    .delete(orderListLines)
    .where(and(eq(orderListLines.listId, listId), inArray(orderListLines.id, lineIds)))
    .returning({ id: orderListLines.id });
  return deleted.length > 0;
}
