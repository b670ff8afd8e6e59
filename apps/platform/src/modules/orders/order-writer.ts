import type { Database, Executor } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import { lineTotal, orderTotals } from '../pricing/index.ts';
import type { PromotionsService } from '../promotions/service.ts';
import type { Direction } from './models.ts';
import type { OrderAccess } from './order-access.ts';
import { assertMay } from './order-process.ts';
import * as repository from './repository.ts';
import { facts, viewOf } from './snapshots.ts';

/**
 * The write core every order service shares: a change runs under the order's row lock and ends by
 * recomputing the totals (promotion discounts included), which makes the last calculation stale. When
 * no promotion is applied, a change of lines moves the totals by its delta and a change of the order's
 * own fields recomputes Total from the costs, each in one statement, without reading the lines.
 */
export class OrderWriter {
  constructor(
    private readonly db: Database,
    private readonly access: OrderAccess,
    private readonly promotions: PromotionsService,
  ) {}

  /** Runs a change of an order under a row lock, then recomputes its totals. */
  async changeOrder<T>(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    change: (tx: Executor, order: repository.OrderRow) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction(async (tx) => {
      const order = await this.access.orderRow(context, direction, orderId, tx, true);
      const result = await change(tx, order);
      await this.recalculate(tx, orderId, context.now);
      return result;
    });
  }

  /**
   * A change of the order's own fields (addresses, costs, comments, xp) under its lock: its lines and
   * promotions stay as they are. Without an applied promotion Total follows the costs in one statement;
   * with one, its expressions may read the changed fields, so the totals are recomputed. Answers the
   * change's result and the order row as updated.
   */
  async changeHeader<T>(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    change: (tx: Executor, order: repository.OrderRow) => Promise<T>,
  ): Promise<{ result: T; order: repository.OrderRow }> {
    return this.db.transaction(async (tx) => {
      const locked = await this.access.orderRow(context, direction, orderId, tx, true);
      const result = await change(tx, locked);
      const order =
        (await this.promotions.onOrders.appliedRows(tx, orderId)).length === 0
          ? await repository.settleOrderTotals(tx, orderId, context.now)
          : await this.recalculate(tx, orderId, context.now);
      return { result, order };
    });
  }

  /** A change of its own fields that only an Unsubmitted order takes; answers the row as updated. */
  async changeUnsubmitted(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    change: (tx: Executor, order: repository.OrderRow) => Promise<void>,
  ): Promise<repository.OrderRow> {
    const { order } = await this.changeHeader(context, direction, orderId, async (tx, locked) => {
      assertMay('edit', locked.status);
      await change(tx, locked);
    });
    return order;
  }

  /**
   * A change of lines only (add, change, remove) under the order's row lock. Without an applied
   * promotion the totals move by the change's `delta` in one statement (no line is read): the lines
   * then carry no discount and Total is Subtotal + costs. With a promotion applied, its expressions
   * may read every line, so the totals are recomputed in full (such orders pay per line).
   */
  async changeLines<T>(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    change: (tx: Executor, order: repository.OrderRow) => Promise<{ result: T; delta: LineDelta }>,
  ): Promise<{ result: T; order: repository.OrderRow; recalculated?: repository.LineItemRow[] }> {
    return this.db.transaction(async (tx) => {
      const order = await this.access.orderRow(context, direction, orderId, tx, true);
      const { result, delta } = await change(tx, order);
      if ((await this.promotions.onOrders.appliedRows(tx, orderId)).length === 0) {
        await repository.moveOrderTotals(tx, orderId, { ...delta, lastUpdated: context.now });
        return { result, order };
      }
      const { lines } = await this.recalculated(tx, orderId, context.now);
      return { result, order, recalculated: lines };
    });
  }

  /**
   * Adds one line (`add` inserts it) and moves the totals, answering the line as recalculated (an
   * applied promotion may discount it).
   */
  async addLine(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    add: (tx: Executor, order: repository.OrderRow) => Promise<repository.LineItemRow>,
  ) {
    const {
      result: added,
      order,
      recalculated,
    } = await this.changeLines(context, direction, orderId, async (tx, order) => {
      const line = await add(tx, order);
      return { result: line, delta: { lineItemCount: 1, subtotal: line.lineSubtotal } };
    });
    const line = recalculated?.find((candidate) => candidate.id === added.id);
    return {
      added: line
        ? { ...added, promotionDiscount: line.promotionDiscount, lineTotal: line.lineTotal }
        : added,
      order,
    };
  }

  /**
   * Subtotal, LineItemCount, promotion discounts and Total from the lines (docs/domain.md#orders): the
   * applied promotions are evaluated against the order without its discounts, line-level amounts go to
   * LineItem.PromotionDiscount, and all of them to Order.PromotionDiscount. Any change makes the last
   * calculation stale.
   */
  async recalculate(tx: Executor, orderId: string, now: Date): Promise<repository.OrderRow> {
    return (await this.recalculated(tx, orderId, now)).order;
  }

  /** The totals from all lines; answers the order row as updated and the lines as recalculated. */
  private async recalculated(tx: Executor, orderId: string, now: Date) {
    const order = (await repository.findOrderRow(tx, orderId)) as repository.OrderRow;
    const lines = await repository.allLineItems(tx, orderId);
    const undiscounted = orderTotals({
      lines: lines.map((line) => ({ lineSubtotal: line.lineSubtotal, promotionDiscount: 0 })),
      shippingCost: order.shippingCost,
      taxCost: order.taxCost,
      gratuity: order.gratuity,
      fees: order.fees,
      orderLevelPromotionDiscount: 0,
    });
    const undiscountedView = async () =>
      viewOf(
        { ...order, subtotal: undiscounted.subtotal, promotionDiscount: 0, total: undiscounted.total },
        lines.map((line) => ({ ...line, promotionDiscount: 0, lineTotal: line.lineSubtotal })),
        now,
      );
    const discounts = await this.promotions.onOrders.recompute(
      tx,
      facts(order),
      undiscountedView,
      undiscounted.total,
    );
    for (const line of lines) {
      const discount = discounts.perLine.get(line.id) ?? 0;
      if (discount === line.promotionDiscount && line.lineTotal === lineTotal(line.lineSubtotal, discount))
        continue;
      line.promotionDiscount = discount;
      line.lineTotal = lineTotal(line.lineSubtotal, discount);
      await repository.updateLineItemRow(tx, orderId, line.id, {
        promotionDiscount: discount,
        lineTotal: line.lineTotal,
      });
    }
    const totals = orderTotals({
      lines: lines.map((line) => ({
        lineSubtotal: line.lineSubtotal,
        promotionDiscount: line.promotionDiscount,
      })),
      shippingCost: order.shippingCost,
      taxCost: order.taxCost,
      gratuity: order.gratuity,
      fees: order.fees,
      orderLevelPromotionDiscount: discounts.orderLevel,
    });
    const changed = {
      lineItemCount: lines.length,
      subtotal: totals.subtotal,
      promotionDiscount: totals.promotionDiscount,
      total: totals.total,
      lastUpdated: now,
    };
    await repository.updateOrderTotals(tx, orderId, changed);
    // The row as updated, without reading it back: it is current and locked in this transaction.
    return { order: { ...order, ...changed, calculatedAt: null }, lines };
  }
}

/** How a change of lines moves LineItemCount and Subtotal (minor units). */
export interface LineDelta {
  lineItemCount: number;
  subtotal: number;
}
