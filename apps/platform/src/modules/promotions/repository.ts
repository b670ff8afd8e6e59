import type { Executor } from '@actuate/service-kit';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { ListDefinition, ListOptions } from '../../shared/list/list-query.ts';
import { listRows } from '../../shared/list/run-list.ts';
import { Statement } from '../../shared/statements.ts';
import {
  orderPromotions,
  promotionAssignments,
  promotionRedemptions,
  promotions,
  type StoredPromotionAmount,
} from './schema.ts';

export type PromotionRow = typeof promotions.$inferSelect;
export type OrderPromotionRow = typeof orderPromotions.$inferSelect;

export const promotionList: ListDefinition = {
  fields: {
    ID: { column: promotions.id, type: 'text' },
    Code: { column: promotions.code, type: 'text' },
    Name: { column: promotions.name, type: 'text' },
    Active: { column: promotions.active, type: 'boolean' },
    AutoApply: { column: promotions.autoApply, type: 'boolean' },
    LineItemLevel: { column: promotions.lineItemLevel, type: 'boolean' },
    CanCombine: { column: promotions.canCombine, type: 'boolean' },
    AllowAllBuyers: { column: promotions.allowAllBuyers, type: 'boolean' },
    Priority: { column: promotions.priority, type: 'number' },
    StartDate: { column: promotions.startDate, type: 'date' },
    ExpirationDate: { column: promotions.expirationDate, type: 'date' },
  },
  xp: promotions.xp,
  searchOn: ['ID', 'Code', 'Name'],
  defaultSort: ['ID'],
};

export const listPromotionRows = (db: Executor, options: ListOptions, scope: SQL | undefined) =>
  listRows(db, promotions, promotionList, options, scope);

export async function findByCode(db: Executor, code: string, forUpdate = false) {
  const query = db.select().from(promotions).where(sql`lower(${promotions.code}) = lower(${code})`);
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
}

export async function findById(db: Executor, id: string, forUpdate = false) {
  const query = db.select().from(promotions).where(eq(promotions.id, id));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
}

export async function findByIds(db: Executor, ids: string[]): Promise<PromotionRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(promotions).where(inArray(promotions.id, ids));
}

/** The promotions a buyer user may use: every buyer's, or assigned to their company or one of their groups. */
export const availableTo = (buyerId: string, groupIds: string[]): SQL =>
  sql`(${promotions.allowAllBuyers} or exists (select 1 from ${promotionAssignments} where ${promotionAssignments.promotionId} = ${promotions.id} and ${promotionAssignments.buyerId} = ${buyerId} and (${promotionAssignments.userGroupId} = '' or ${promotionAssignments.userGroupId} in (${sql.join(
    ['', ...groupIds].map((id) => sql`${id}`),
    sql`, `,
  )}))))`;

export async function isAvailableTo(db: Executor, promotionId: string, buyerId: string, groupIds: string[]) {
  const rows = await db
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(eq(promotions.id, promotionId), availableTo(buyerId, groupIds)));
  return rows.length > 0;
}

/** Active auto-apply promotions available to the user, by Priority (nulls last), then ID. */
export async function autoApplyCandidates(db: Executor, buyerId: string, groupIds: string[]) {
  return db
    .select()
    .from(promotions)
    .where(and(eq(promotions.autoApply, true), eq(promotions.active, true), availableTo(buyerId, groupIds)))
    .orderBy(sql`${promotions.priority} asc nulls last`, asc(promotions.id))
    .limit(100);
}

export async function appliedTo(db: Executor, orderId: string): Promise<OrderPromotionRow[]> {
  return db
    .select()
    .from(orderPromotions)
    .where(eq(orderPromotions.orderId, orderId))
    .orderBy(asc(orderPromotions.dateApplied), asc(orderPromotions.promotionId));
}

/** The promotions applied to an order with their rows (null when the promotion was deleted), in one query. */
const appliedOfOrder = new Statement('order_promotions_with_promotions', (db) =>
  db
    .select({ applied: orderPromotions, promotion: promotions })
    .from(orderPromotions)
    .leftJoin(promotions, eq(promotions.id, orderPromotions.promotionId))
    .where(eq(orderPromotions.orderId, sql.placeholder('orderId')))
    .orderBy(asc(orderPromotions.dateApplied), asc(orderPromotions.promotionId)),
);

/** The promotions applied to an order with their rows (read on every change of the order). */
export async function appliedWithPromotions(
  db: Executor,
  orderId: string,
): Promise<{ applied: OrderPromotionRow; row: PromotionRow | undefined }[]> {
  const rows = await appliedOfOrder.execute(db, { orderId });
  return rows.map(({ applied, promotion }) => ({ applied, row: promotion ?? undefined }));
}

export async function insertApplied(db: Executor, row: typeof orderPromotions.$inferInsert) {
  await db.insert(orderPromotions).values(row);
}

export async function saveAmounts(
  db: Executor,
  orderId: string,
  promotionId: string,
  amounts: StoredPromotionAmount[],
) {
  await db
    .update(orderPromotions)
    .set({ amounts, amount: amounts.reduce((sum, entry) => sum + entry.Amount, 0) })
    .where(and(eq(orderPromotions.orderId, orderId), eq(orderPromotions.promotionId, promotionId)));
}

export async function deleteApplied(db: Executor, orderId: string, promotionId: string): Promise<boolean> {
  const deleted = await db
    .delete(orderPromotions)
    .where(and(eq(orderPromotions.orderId, orderId), eq(orderPromotions.promotionId, promotionId)))
    .returning();
  return deleted.length > 0;
}

/** Takes every promotion off an order (the order is being deleted). */
export async function deleteAppliedOfOrder(db: Executor, orderId: string): Promise<void> {
  await db.delete(orderPromotions).where(eq(orderPromotions.orderId, orderId));
}

/** Redemptions of a promotion by other orders: in all and by one user. */
export async function redemptionCounts(db: Executor, promotionId: string, userId: string, orderId: string) {
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      byUser: sql<number>`(count(*) filter (where ${promotionRedemptions.userId} = ${userId}))::int`,
    })
    .from(promotionRedemptions)
    .where(
      and(
        eq(promotionRedemptions.promotionId, promotionId),
        sql`${promotionRedemptions.orderId} <> ${orderId}`,
      ),
    );
  return { all: row?.all ?? 0, byUser: row?.byUser ?? 0 };
}

/** Records a redemption once per order; true when it is new (RedemptionCount then goes up by one). */
export async function redeem(db: Executor, promotionId: string, orderId: string, userId: string, now: Date) {
  const inserted = await db
    .insert(promotionRedemptions)
    .values({ promotionId, orderId, userId, dateRedeemed: now })
    .onConflictDoNothing()
    .returning();
  if (inserted.length === 0) return false;
  await db
    .update(promotions)
    .set({ redemptionCount: sql`${promotions.redemptionCount} + 1` })
    .where(eq(promotions.id, promotionId));
  return true;
}

export const assignmentList: ListDefinition = {
  fields: {
    ID: { column: promotionAssignments.id, type: 'number' },
    PromotionID: { column: promotionAssignments.promotionId, type: 'text' },
    BuyerID: { column: promotionAssignments.buyerId, type: 'text' },
    UserGroupID: { column: promotionAssignments.userGroupId, type: 'text' },
  },
  searchOn: ['PromotionID', 'BuyerID'],
  defaultSort: ['PromotionID'],
};

export const listAssignmentRows = (db: Executor, options: ListOptions, scope: SQL | undefined) =>
  listRows(db, promotionAssignments, assignmentList, options, scope);

export async function saveAssignment(db: Executor, row: typeof promotionAssignments.$inferInsert) {
  await db.insert(promotionAssignments).values(row).onConflictDoNothing();
}

export async function deleteAssignments(db: Executor, where: SQL) {
  return db.delete(promotionAssignments).where(where).returning();
}
