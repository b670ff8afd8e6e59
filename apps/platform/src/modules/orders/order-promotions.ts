import { type Database, HttpError } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import { notFoundError } from '../../shared/errors.ts';
import { type ListOptions, listMeta } from '../../shared/list/list-query.ts';
import type { PromotionsService } from '../promotions/service.ts';
import type { Direction } from './models.ts';
import { type OrderAccess, ownerContext } from './order-access.ts';
import { assertMay } from './order-process.ts';
import type { OrderWriter } from './order-writer.ts';
import * as repository from './repository.ts';
import { facts, viewOf } from './snapshots.ts';

/**
 * The promotions of an order (docs/domain.md#promotions-and-rules): added by code or automatically,
 * checked against the order as it is; the discounts are in its totals.
 */
export class OrderPromotionsService {
  constructor(
    private readonly db: Database,
    private readonly access: OrderAccess,
    private readonly writer: OrderWriter,
    private readonly promotions: PromotionsService,
  ) {}

  /** `POST …/promotions/{promoCode}`. */
  async add(context: PlatformContext, direction: Direction, orderId: string, code: string) {
    const before = await this.access.orderRow(context, direction, orderId);
    const audience = await this.promotions.audienceOf(before.fromCompanyId, before.fromUserId);
    const row = await this.writer.changeOrder(context, direction, orderId, async (tx, order) => {
      assertMay('applyPromotion', order.status);
      const lines = await repository.allLineItems(tx, orderId);
      return this.promotions.onOrders.add(
        tx,
        facts(order),
        viewOf(order, lines, context.now),
        code,
        audience,
        context.now,
      );
    });
    const order = (await repository.findOrderRow(this.db, orderId)) as repository.OrderRow;
    const applied = await this.promotions.onOrders.listForOrder(this.db, facts(order));
    return applied.find((entry) => entry.ID === row.id);
  }

  async remove(context: PlatformContext, direction: Direction, orderId: string, code: string) {
    await this.writer.changeOrder(context, direction, orderId, async (tx, order) => {
      assertMay('applyPromotion', order.status);
      await this.promotions.onOrders.remove(tx, orderId, code);
    });
    return this.access.get(context, direction, orderId);
  }

  async list(context: PlatformContext, direction: Direction, orderId: string, options: ListOptions) {
    const order = await this.access.orderRow(context, direction, orderId);
    const items = await this.promotions.onOrders.listForOrder(this.db, facts(order));
    const start = (options.page - 1) * options.pageSize;
    const page = items.slice(start, start + options.pageSize);
    return { Meta: listMeta(options, items.length, page.length), Items: page };
  }

  /**
   * `applypromotions`: the eligible AutoApply promotions, in Priority order (lower first, nulls last),
   * applied one by one; one that cannot join (CannotCombine, limits, not eligible) is skipped.
   */
  async applyAutomatic(context: PlatformContext, direction: Direction, orderId: string) {
    await this.autoApply(context, direction, orderId);
    return this.access.get(context, direction, orderId);
  }

  private async autoApply(context: PlatformContext, direction: Direction, orderId: string) {
    const before = await this.access.orderRow(context, direction, orderId);
    const audience = await this.promotions.audienceOf(before.fromCompanyId, before.fromUserId);
    return this.writer.changeOrder(context, direction, orderId, async (tx, order) => {
      assertMay('applyPromotion', order.status);
      const lines = await repository.allLineItems(tx, orderId);
      const view = viewOf(order, lines, context.now);
      const added: string[] = [];
      for (const candidate of await this.promotions.onOrders.autoApplyCandidates(tx, audience)) {
        try {
          await this.promotions.onOrders.add(tx, facts(order), view, candidate.code, audience, context.now);
          added.push(candidate.id);
        } catch (error) {
          if (!(error instanceof HttpError) || error.status >= 500) throw error;
        }
      }
      return added;
    });
  }

  /**
   * `refreshpromotions`: removes the promotions that can no longer be used (inactive, expired, limits,
   * not eligible), then applies the eligible auto-apply ones. Answers `{PromosAdded, PromosRemoved}`.
   */
  async refresh(context: PlatformContext, direction: Direction, orderId: string) {
    const before = await this.access.orderRow(context, direction, orderId);
    const audience = await this.promotions.audienceOf(before.fromCompanyId, before.fromUserId);
    const removed = await this.writer.changeOrder(context, direction, orderId, async (tx, order) => {
      assertMay('applyPromotion', order.status);
      const lines = await repository.allLineItems(tx, orderId);
      const view = viewOf(order, lines, context.now);
      const before = await this.promotions.onOrders.listForOrder(tx, facts(order));
      const gone = [];
      for (const { applied, row } of await this.promotions.onOrders.appliedRows(tx, orderId)) {
        const outcome = row
          ? await this.promotions.onOrders.check(tx, row, facts(order), view, audience, context.now)
          : { refused: notFoundError('Promotion', applied.promotionId) };
        if (!('refused' in outcome)) continue;
        await this.promotions.onOrders.removeById(tx, orderId, applied.promotionId);
        for (const entry of before.filter((candidate) => candidate.ID === applied.promotionId))
          gone.push({ ...entry, ErrorCode: outcome.refused.code, Reason: outcome.refused.message });
      }
      return gone;
    });
    const added = await this.autoApply(context, direction, orderId);
    const order = (await repository.findOrderRow(this.db, orderId)) as repository.OrderRow;
    const now = await this.promotions.onOrders.listForOrder(this.db, facts(order));
    return { PromosAdded: now.filter((entry) => added.includes(entry.ID)), PromosRemoved: removed };
  }

  /** `eligiblepromotions`: the promotions the order's user could add now. */
  async eligible(context: PlatformContext, direction: Direction, orderId: string, options: ListOptions) {
    const order = await this.access.orderRow(context, direction, orderId);
    const audience = await this.promotions.audienceOf(order.fromCompanyId, order.fromUserId);
    const lines = await repository.allLineItems(this.db, orderId);
    const view = viewOf(order, lines, context.now);
    const mine = await this.promotions.listMine(ownerContext(context, order), {
      ...options,
      page: 1,
      pageSize: 100,
    });
    const eligible = [];
    for (const promotion of mine.Items) {
      const row = await this.promotions.onOrders.promotionRow(this.db, promotion.Code);
      const outcome = row
        ? await this.promotions.onOrders.check(this.db, row, facts(order), view, audience, context.now)
        : undefined;
      if (outcome && 'amount' in outcome) eligible.push({ ...promotion, Amount: outcome.amount });
    }
    const start = (options.page - 1) * options.pageSize;
    const page = eligible.slice(start, start + options.pageSize);
    return { Meta: listMeta(options, eligible.length, page.length), Items: page };
  }
}
