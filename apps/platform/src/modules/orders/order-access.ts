import type { Database, Executor } from '@actuate/service-kit';
import { eq, ne, type SQL, sql } from 'drizzle-orm';
import type { PlatformContext } from '../../shared/context.ts';
import { notFoundError } from '../../shared/errors.ts';
import { hasAnyRole } from '../auth/guard.ts';
import type { UsersService } from '../users/service.ts';
import { type OrderEntity, toOrder } from './entities.ts';
import type { Direction } from './models.ts';
import { OrderStatus } from './order-process.ts';
import * as repository from './repository.ts';
import { orders } from './schema.ts';

export const isAdmin = (context: PlatformContext) => context.caller.type === 'admin';
export const isOrderAdmin = (context: PlatformContext) =>
  isAdmin(context) && hasAnyRole(context, ['OrderAdmin']);

/**
 * Which orders a caller sees, the read core every order service shares. Buyer users see the orders
 * they placed (Outgoing) and those their groups approve (Incoming); the marketplace's admin users see
 * every buyer order (Incoming).
 */
export class OrderAccess {
  constructor(
    private readonly db: Database,
    private readonly users: UsersService,
  ) {}

  /** The caller's user groups (approvers act through their groups). */
  async groupsOf(context: PlatformContext, tx: Executor = this.db): Promise<string[]> {
    return context.caller.buyerId
      ? this.users.groupIdsOf(context.caller.buyerId, context.caller.userId, tx)
      : [];
  }

  /**
   * Which orders a caller sees in a direction, from their point of view: a buyer's Outgoing are the
   * orders they placed, their Incoming the orders of their company that one of their groups has to
   * approve (or did); an admin's Incoming is every buyer order.
   */
  private async scope(context: PlatformContext, direction: Direction): Promise<SQL> {
    if (isAdmin(context)) return direction === 'Outgoing' ? sql`false` : sql`true`;
    const own = eq(orders.fromUserId, context.caller.userId) as SQL;
    const toApprove = sql`(${orders.fromCompanyId} = ${context.caller.buyerId ?? ''} and ${repository.approvableBy(await this.groupsOf(context), false)})`;
    if (direction === 'Outgoing') return own;
    if (direction === 'Incoming') return toApprove;
    return sql`(${own} or ${toApprove})`;
  }

  /**
   * The orders a direction list shows: those the caller sees, Unsubmitted ones only to
   * UnsubmittedOrderReader.
   */
  async listScope(context: PlatformContext, direction: Direction): Promise<SQL> {
    const visible = await this.scope(context, direction);
    return hasAnyRole(context, ['UnsubmittedOrderReader'])
      ? visible
      : sql`${visible} and ${ne(orders.status, OrderStatus.Unsubmitted)}`;
  }

  /** The order's row if the caller sees it in `direction`, else NotFound; `forUpdate` locks it. */
  async orderRow(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    tx: Executor = this.db,
    forUpdate = false,
  ) {
    const row = await repository.findOrderRow(tx, orderId, forUpdate);
    if (!row || !(await this.sees(context, direction, row, tx))) throw notFoundError('Order', orderId);
    return row;
  }

  async get(context: PlatformContext, direction: Direction, orderId: string): Promise<OrderEntity> {
    return toOrder(await this.orderRow(context, direction, orderId));
  }

  private async sees(
    context: PlatformContext,
    direction: Direction,
    row: repository.OrderRow,
    tx: Executor,
  ): Promise<boolean> {
    if (isAdmin(context)) return direction !== 'Outgoing';
    if (direction !== 'Incoming' && row.fromUserId === context.caller.userId) return true;
    if (direction === 'Outgoing' || row.fromCompanyId !== context.caller.buyerId) return false;
    // Through tx: inside changeOrder's transaction a read on this.db waits forever on PGlite.
    const groups = new Set(await this.groupsOf(context, tx));
    return (await repository.approvalsOf(tx, row.id)).some((approval) =>
      groups.has(approval.approvingGroupId),
    );
  }
}

/** The order's own user as a context, for rules that depend on what the buyer may see. */
export function ownerContext(context: PlatformContext, order: repository.OrderRow): PlatformContext {
  if (context.caller.userId === order.fromUserId) return context;
  return {
    ...context,
    caller: {
      ...context.caller,
      userId: order.fromUserId,
      buyerId: order.fromCompanyId,
      type: 'buyer',
      roles: new Set(['Shopper']),
    },
    currency: order.currency,
  };
}
