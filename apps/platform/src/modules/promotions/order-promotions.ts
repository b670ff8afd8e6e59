import { fromMinorUnits, toMinorUnitsRounded } from '@actuate/contracts';
import { type Executor, HttpError } from '@actuate/service-kit';
import { notFoundError } from '../../shared/errors.ts';
import type { CatalogService } from '../catalog/service.ts';
import { may, OrderStatus } from '../orders/index.ts';
import { capAmounts, evaluatePromotion, type OrderView, usesCategories, withCategories } from './engine.ts';
import { type Audience, type OrderFacts, promotionError, ruleOf, toPromotion } from './models.ts';
import * as repository from './repository.ts';
import type { StoredPromotionAmount } from './schema.ts';

/** Field by field: stored amounts come back from jsonb with their keys in another order. */
const sameAmounts = (a: readonly StoredPromotionAmount[], b: readonly StoredPromotionAmount[]) =>
  a.length === b.length &&
  a.every(
    (entry, index) =>
      entry.LineItemID === b[index]?.LineItemID &&
      entry.Amount === b[index]?.Amount &&
      Boolean(entry.AmountOverridden) === Boolean(b[index]?.AmountOverridden),
  );

/**
 * Promotions on orders: adding and removing them, their amounts as the order changes, the checkout
 * integration's overrides, and redemption on submit. Every method runs in the orders module's
 * transaction (`tx`).
 */
export class OrderPromotions {
  constructor(private readonly catalog: Pick<CatalogService, 'categoriesOfProducts'>) {}

  /** Views with their lines' categories, so one evaluation reads them once however many promotions it checks. */
  private readonly categorised = new WeakMap<OrderView, Promise<OrderView>>();

  /**
   * The view the promotions are evaluated against: with each line's product categories in the order's
   * catalog when one of them uses `incategory()`/`inparentcategory()` (one lookup for all lines).
   */
  private async viewFor(
    tx: Executor,
    order: OrderFacts,
    view: OrderView,
    rows: repository.PromotionRow[],
  ): Promise<OrderView> {
    if (!rows.some((row) => usesCategories(ruleOf(row)))) return view;
    let pending = this.categorised.get(view);
    if (!pending) {
      const productIds = view.lines.flatMap((line) => (line.entity.ProductID ? [line.entity.ProductID] : []));
      pending = this.catalog
        .categoriesOfProducts(tx, order.fromCompanyId, productIds)
        .then((categories) => withCategories(view, categories));
      this.categorised.set(view, pending);
    }
    return pending;
  }

  /**
   * Whether a promotion may be used on the order now, apart from eligibility: active, available to the
   * order's buyer, owner, dates and redemption limits (other orders' redemptions).
   */
  private async assertUsable(
    tx: Executor,
    row: repository.PromotionRow,
    order: OrderFacts,
    audience: Audience,
    now: Date,
  ) {
    if (!row.active) throw promotionError('Promotion.NotActive', `Promotion ${row.code} is not active.`, row);
    if (!(await repository.isAvailableTo(tx, row.id, audience.buyerId, audience.groupIds)))
      throw notFoundError('Promotion', row.code);
    if (row.ownerId && row.ownerId !== order.toCompanyId) {
      throw promotionError(
        'Promotion.OwnerIDMustMatchOrderToCompanyID',
        `Promotion ${row.code} belongs to ${row.ownerId}, the order goes to ${order.toCompanyId}.`,
        row,
      );
    }
    if (row.startDate && row.startDate > now)
      throw promotionError('Promotion.NotYetValid', `Promotion ${row.code} is not valid yet.`, row);
    if (row.expirationDate && row.expirationDate <= now)
      throw promotionError('Promotion.Expired', `Promotion ${row.code} has expired.`, row);
    const counts = await repository.redemptionCounts(tx, row.id, order.fromUserId, order.id);
    if (
      (row.redemptionLimit !== null && counts.all >= row.redemptionLimit) ||
      (row.redemptionLimitPerUser !== null && counts.byUser >= row.redemptionLimitPerUser)
    ) {
      throw promotionError(
        'Promotion.ExceedsUsageLimit',
        `Promotion ${row.code} has reached its usage limit.`,
        row,
      );
    }
  }

  private async assertEligible(
    tx: Executor,
    row: repository.PromotionRow,
    order: OrderFacts,
    view: OrderView,
  ) {
    const outcome = evaluatePromotion(ruleOf(row), await this.viewFor(tx, order, view, [row]));
    if (!outcome.ok) throw promotionError(outcome.code, outcome.message, row);
    return outcome.amounts;
  }

  /** `POST …/promotions/{code}`: every check, then the promotion is on the order. */
  async add(
    tx: Executor,
    order: OrderFacts,
    view: OrderView,
    code: string,
    audience: Audience,
    now: Date,
  ): Promise<repository.PromotionRow> {
    const row = await repository.findByCode(tx, code);
    if (!row) throw notFoundError('Promotion', code);
    await this.assertUsable(tx, row, order, audience, now);
    const applied = await repository.appliedTo(tx, order.id);
    if (applied.some((entry) => entry.promotionId === row.id)) {
      throw promotionError(
        'Promotion.AlreadyAdded',
        `Promotion ${row.code} is already applied to this order.`,
        row,
      );
    }
    if (applied.length > 0) {
      // P joins S only when P and every promotion in S can combine.
      const others = await repository.findByIds(
        tx,
        applied.map((entry) => entry.promotionId),
      );
      if (!row.canCombine || others.some((other) => !other.canCombine)) {
        throw promotionError(
          'Promotion.CannotCombine',
          `Promotion ${row.code} cannot be combined with the promotions already on this order.`,
          row,
        );
      }
    }
    await this.assertEligible(tx, row, order, view);
    await repository.insertApplied(tx, { orderId: order.id, promotionId: row.id, dateApplied: now });
    return row;
  }

  async remove(tx: Executor, orderId: string, code: string): Promise<void> {
    const row = await repository.findByCode(tx, code);
    if (!row || !(await repository.deleteApplied(tx, orderId, row.id)))
      throw notFoundError('Promotion', code);
  }

  /** The promotions applied to an order with their rows (`row` undefined when deleted since), in one query. */
  async appliedRows(tx: Executor, orderId: string) {
    return repository.appliedWithPromotions(tx, orderId);
  }

  /**
   * Recomputes the amounts of the applied promotions from the order as it is now and stores them.
   * Deleted promotions, and inactive ones on an unsubmitted order, come off. A promotion that is no
   * longer eligible stays applied with no amount until submit refuses it (eligibility is
   * checked when added and again on submit). Amounts the checkout integration overrode are kept.
   * Returns the discount per line and of the order level (minor units).
   */
  async recompute(
    tx: Executor,
    order: OrderFacts,
    /** Built only when a promotion is applied (most orders have none; it converts every line). */
    viewOfOrder: () => Promise<OrderView>,
    orderTotalBeforePromotions: number,
  ): Promise<{ perLine: Map<string, number>; orderLevel: number }> {
    const perLine = new Map<string, number>();
    let orderLevel = 0;
    const entries = await this.appliedRows(tx, order.id);
    if (entries.length === 0) return { perLine, orderLevel };
    const view = await viewOfOrder();
    if (!may('applyPromotion', order.status)) {
      // A submitted order keeps the discounts it was submitted with (e.g. when the middleware writes xp).
      for (const entry of entries.flatMap(({ applied }) => applied.amounts)) {
        if (entry.LineItemID === null) orderLevel += entry.Amount;
        else perLine.set(entry.LineItemID, (perLine.get(entry.LineItemID) ?? 0) + entry.Amount);
      }
      return { perLine, orderLevel };
    }
    const evaluated: { promotionId: string; lineItemLevel: boolean; amounts: StoredPromotionAmount[] }[] = [];
    const evaluatedView = await this.viewFor(
      tx,
      order,
      view,
      entries.flatMap(({ row }) => (row ? [row] : [])),
    );
    for (const { applied, row } of entries) {
      if (!row || (!row.active && order.status === OrderStatus.Unsubmitted)) {
        await repository.deleteApplied(tx, order.id, applied.promotionId);
        continue;
      }
      const outcome = evaluatePromotion(ruleOf(row), evaluatedView);
      const computed = outcome.ok ? outcome.amounts : [];
      const overridden = applied.amounts.filter((entry) => entry.AmountOverridden);
      const amounts: StoredPromotionAmount[] = computed
        .filter((entry) => !overridden.some((kept) => kept.LineItemID === entry.LineItemID))
        .map((entry) => ({ ...entry, AmountOverridden: false }))
        .concat(
          overridden.filter(
            (kept) =>
              kept.LineItemID === null || view.lines.some((line) => line.entity.ID === kept.LineItemID),
          ),
        );
      evaluated.push({ promotionId: row.id, lineItemLevel: row.lineItemLevel, amounts });
    }
    const subtotals = new Map(view.lines.map((line) => [line.entity.ID, line.lineSubtotal]));
    const capped = capAmounts(evaluated, subtotals, orderTotalBeforePromotions);
    for (const promotion of evaluated) {
      const amounts = (capped.get(promotion.promotionId) ?? []).map((entry, index) => ({
        ...entry,
        AmountOverridden: promotion.amounts[index]?.AmountOverridden ?? false,
      }));
      // Most order changes leave a promotion's amounts as they were: write only what moved.
      const before = entries.find(({ applied }) => applied.promotionId === promotion.promotionId)?.applied;
      if (!before || !sameAmounts(before.amounts, amounts))
        await repository.saveAmounts(tx, order.id, promotion.promotionId, amounts);
      for (const entry of amounts) {
        if (entry.LineItemID === null) orderLevel += entry.Amount;
        else perLine.set(entry.LineItemID, (perLine.get(entry.LineItemID) ?? 0) + entry.Amount);
      }
    }
    return { perLine, orderLevel };
  }

  /** The checkout integration's `PromotionOverrides` (decimals) replace computed amounts of applied promotions. */
  async override(
    tx: Executor,
    order: OrderFacts,
    overrides: { LineItemID: string; PromotionID: string; Amount: number }[],
  ): Promise<void> {
    if (overrides.length === 0) return;
    for (const { applied, row } of await this.appliedRows(tx, order.id)) {
      const mine = overrides.filter((entry) => entry.PromotionID === applied.promotionId);
      if (!row || mine.length === 0) continue;
      const amounts = applied.amounts.filter(
        (entry) => !mine.some((override) => override.LineItemID === entry.LineItemID),
      );
      for (const override of mine) {
        amounts.push({
          LineItemID: row.lineItemLevel ? override.LineItemID : null,
          Amount: Math.max(0, toMinorUnitsRounded(override.Amount, order.currency)),
          AmountOverridden: true,
        });
      }
      await repository.saveAmounts(tx, order.id, applied.promotionId, amounts);
    }
  }

  /**
   * Submit: every applied promotion is checked again (active, dates, limits, eligibility) under its
   * row lock, then redeemed by this order (once, however often the order is submitted).
   */
  async checkAndRedeem(tx: Executor, order: OrderFacts, view: OrderView, audience: Audience, now: Date) {
    for (const { applied } of await this.appliedRows(tx, order.id)) {
      const row = await repository.findById(tx, applied.promotionId, true);
      if (!row) continue;
      await this.assertUsable(tx, row, order, audience, now);
      await this.assertEligible(tx, row, order, view);
      await repository.redeem(tx, row.id, order.id, order.fromUserId, now);
    }
  }

  /** Auto-apply candidates in Priority order (nulls last), at most 100. */
  async autoApplyCandidates(tx: Executor, audience: Audience) {
    return repository.autoApplyCandidates(tx, audience.buyerId, audience.groupIds);
  }

  /**
   * Why a promotion could not be added to the order now (undefined: it could), with the amount it
   * would give; for eligiblepromotions and refreshpromotions.
   */
  async check(
    tx: Executor,
    row: repository.PromotionRow,
    order: OrderFacts,
    view: OrderView,
    audience: Audience,
    now: Date,
  ): Promise<{ refused: HttpError } | { amount: number }> {
    try {
      await this.assertUsable(tx, row, order, audience, now);
      const amounts = await this.assertEligible(tx, row, order, view);
      return {
        amount: fromMinorUnits(
          amounts.reduce((sum, entry) => sum + entry.Amount, 0),
          order.currency,
        ),
      };
    } catch (error) {
      if (error instanceof HttpError && error.status < 500) return { refused: error };
      throw error;
    }
  }

  async removeById(tx: Executor, orderId: string, promotionId: string) {
    await repository.deleteApplied(tx, orderId, promotionId);
  }

  /** Every promotion off an order that is being deleted, in its transaction. */
  async removeAll(tx: Executor, orderId: string) {
    await repository.deleteAppliedOfOrder(tx, orderId);
  }

  /** OrderPromotion entities: the promotion with its Amount per line (or for the order), decimals. */
  async listForOrder(executor: Executor, order: OrderFacts) {
    const items = [];
    for (const { applied, row } of await this.appliedRows(executor, order.id)) {
      if (!row) continue;
      const amounts =
        applied.amounts.length > 0
          ? applied.amounts
          : [{ LineItemID: null, Amount: 0, AmountOverridden: false }];
      for (const entry of amounts) {
        items.push({
          ...toPromotion(row),
          Amount: fromMinorUnits(entry.Amount, order.currency),
          LineItemID: entry.LineItemID,
          AmountOverridden: entry.AmountOverridden,
          DateApplied: applied.dateApplied.toISOString(),
        });
      }
    }
    return items;
  }

  async promotionRow(executor: Executor, code: string) {
    return repository.findByCode(executor, code);
  }
}
