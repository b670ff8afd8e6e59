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
 * recomputing the totals (promotion discounts included), which makes the last calculation stale.
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

  /** A change that only an Unsubmitted order takes, under its lock (the totals follow). */
  changeUnsubmitted(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    change: (tx: Executor, order: repository.OrderRow) => Promise<void>,
  ): Promise<void> {
    return this.changeOrder(context, direction, orderId, async (tx, order) => {
      assertMay('edit', order.status);
      await change(tx, order);
    });
  }

  /**
   * Adds one line under the order's row lock and recomputes the totals, answering the lines as
   * recalculated (promotions may have changed their discounts). The amounts of the order's lines are
   * read once: `add` prices against them (cumulative quantities) and the recalculation reuses them
   * with the new line, as it does the locked order row; whole lines are read only for promotions.
   */
  async addLine(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    add: (
      tx: Executor,
      order: repository.OrderRow,
      lines: repository.LineAmountsRow[],
    ) => Promise<repository.LineItemRow>,
  ) {
    return this.db.transaction(async (tx) => {
      const order = await this.access.orderRow(context, direction, orderId, tx, true);
      const before = await repository.lineAmountsOf(tx, orderId);
      const added = await add(tx, order, before);
      const { lines } = await this.recalculated(tx, orderId, context.now, {
        order,
        lines: inLineOrder([...before, added]),
        wholeLines: () => repository.allLineItems(tx, orderId),
      });
      const recalculated = lines.find((line) => line.id === added.id);
      return {
        added: recalculated
          ? { ...added, promotionDiscount: recalculated.promotionDiscount, lineTotal: recalculated.lineTotal }
          : added,
        order,
      };
    });
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

  /**
   * `known`: the order row as locked and the amounts of its lines as they now are, when the change
   * wrote only lines and the caller has them (saves reading them again), and how to read whole lines
   * (only an applied promotion needs them).
   */
  private async recalculated(
    tx: Executor,
    orderId: string,
    now: Date,
    known?: {
      order: repository.OrderRow;
      lines: repository.LineAmountsRow[];
      wholeLines: () => Promise<repository.LineItemRow[]>;
    },
  ) {
    const order = known?.order ?? ((await repository.findOrderRow(tx, orderId)) as repository.OrderRow);
    let lines: repository.LineAmountsRow[];
    let wholeLines: () => Promise<repository.LineItemRow[]>;
    if (known) ({ lines, wholeLines } = known);
    else {
      const read = await repository.allLineItems(tx, orderId);
      lines = read;
      wholeLines = async () => read;
    }
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
        (await wholeLines()).map((line) => ({ ...line, promotionDiscount: 0, lineTotal: line.lineSubtotal })),
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

/** Lines in the order `allLineItems` reads them: by DateAdded, then ID. */
const inLineOrder = (lines: repository.LineAmountsRow[]) =>
  lines.sort(
    (a, b) => a.dateAdded.getTime() - b.dateAdded.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
