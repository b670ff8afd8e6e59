import type { Executor } from '@actuate/service-kit';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { orderApprovals, orders } from './schema.ts';

// The orders module's SQL of approvals and of a user moving to another buyer (re-exported by
// repository.ts, so callers keep using `repository.*`).

// --- order approvals -------------------------------------------------------------------------------

export type OrderApprovalRow = typeof orderApprovals.$inferSelect;

export async function approvalsOf(db: Executor, orderId: string): Promise<OrderApprovalRow[]> {
  return db
    .select()
    .from(orderApprovals)
    .where(eq(orderApprovals.orderId, orderId))
    .orderBy(asc(orderApprovals.dateCreated));
}

/** A fired rule's approval; a resubmitted order starts its approvals afresh. */
export async function saveApproval(db: Executor, row: typeof orderApprovals.$inferInsert): Promise<void> {
  const { orderId: _, approvalRuleId: __, ...values } = row;
  await db
    .insert(orderApprovals)
    .values(row)
    .onConflictDoUpdate({ target: [orderApprovals.orderId, orderApprovals.approvalRuleId], set: values });
}

export async function completeApprovals(
  db: Executor,
  orderId: string,
  groupIds: string[] | 'all',
  values: Partial<OrderApprovalRow>,
): Promise<number> {
  const updated = await db
    .update(orderApprovals)
    .set(values)
    .where(
      and(
        eq(orderApprovals.orderId, orderId),
        eq(orderApprovals.status, 'Pending'),
        groupIds === 'all'
          ? undefined
          : groupIds.length > 0
            ? inArray(orderApprovals.approvingGroupId, groupIds)
            : sql`false`,
      ),
    )
    .returning({ ruleId: orderApprovals.approvalRuleId });
  return updated.length;
}

/** Orders with an approval (of any status, or pending only) for one of the groups. */
export const approvableBy = (groupIds: string[], pendingOnly: boolean): SQL =>
  groupIds.length === 0
    ? sql`false`
    : sql`exists (select 1 from ${orderApprovals} a where a.order_id = ${orders.id} and a.approving_group_id in (${sql.join(
        groupIds.map((id) => sql`${id}`),
        sql`, `,
      )})${pendingOnly ? sql` and a.status = 'Pending'` : sql``})`;

// --- a user moving to another buyer --------------------------------------------------------------

const ordersOfUserIn = (userId: string, buyerId: string, statuses: string[] | undefined) =>
  and(
    eq(orders.fromUserId, userId),
    eq(orders.fromCompanyId, buyerId),
    statuses ? inArray(orders.status, statuses) : undefined,
  );

export async function countOrdersOfUser(
  db: Executor,
  userId: string,
  buyerId: string,
  statuses: string[],
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(ordersOfUserIn(userId, buyerId, statuses));
  return row?.count ?? 0;
}

/** The user's orders (of `statuses`, or all) now come from their new company. */
export async function moveOrdersOfUser(
  db: Executor,
  move: { userId: string; fromBuyerId: string; toBuyerId: string; statuses: string[] | undefined },
): Promise<void> {
  await db
    .update(orders)
    .set({ fromCompanyId: move.toBuyerId })
    .where(ordersOfUserIn(move.userId, move.fromBuyerId, move.statuses));
}

/** The user's extension on their unsubmitted orders (carts), as it is now. */
export async function refreshUserXpOfCarts(
  db: Executor,
  user: { userId: string; buyerId: string; xp: Record<string, unknown> },
): Promise<void> {
  await db
    .update(orders)
    .set({ fromUser: sql`jsonb_set(${orders.fromUser}, '{xp}', ${JSON.stringify(user.xp)}::jsonb)` })
    .where(ordersOfUserIn(user.userId, user.buyerId, ['Unsubmitted']));
}

/** Orders of a company that an approval rule stopped: an approval of that rule exists on them. */
export function caughtByRule(buyerId: string, ruleId: string): SQL {
  return sql`${orders.fromCompanyId} = ${buyerId} and exists (select 1 from ${orderApprovals} a where a.order_id = ${orders.id} and a.approval_rule_id = ${ruleId})`;
}
