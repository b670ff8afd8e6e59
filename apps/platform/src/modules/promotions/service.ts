import { fromMinorUnits, toMinorUnitsRounded } from '@actuate/contracts';
import { type Database, type Executor, HttpError } from '@actuate/service-kit';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PlatformContext } from '../../shared/context.ts';
import { isUniqueViolation } from '../../shared/database-errors.ts';
import { idExistsError, invalidRequest, notFoundError } from '../../shared/errors.ts';
import { newId } from '../../shared/ids.ts';
import { type ListOptions, type ListPage, listMeta } from '../../shared/list/list-query.ts';
import { parseEntity } from '../../shared/validation.ts';
import { applyPatch } from '../../shared/xp.ts';
import type { BuyersService } from '../buyers/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import { may, OrderStatus } from '../orders/index.ts';
import { validatePromotionExpressions } from '../rules/index.ts';
import type { UsersService } from '../users/service.ts';
import {
  capAmounts,
  evaluatePromotion,
  type OrderView,
  type PromotionRule,
  usesCategories,
  withCategories,
} from './engine.ts';
import * as repository from './repository.ts';
import { promotionAssignments, promotions, type StoredPromotionAmount } from './schema.ts';

const Id = z.string().regex(/^[A-Za-z0-9_-]+$/);
const limit = z.number().int().min(0).nullish();
const date = z.iso.datetime({ offset: true }).nullish();

export const PromotionBody = z.object({
  ID: Id.optional(),
  Code: z.string().min(1).max(100),
  Name: z.string().max(100).nullish(),
  LineItemLevel: z.boolean().default(false),
  EligibleExpression: z.string(),
  ValueExpression: z.string().nullish(),
  RedemptionLimit: limit,
  RedemptionLimitPerUser: limit,
  QuantityLimitPerOrder: limit,
  ItemLimitPerOrder: limit,
  ItemSortBy: z.string().max(100).nullish(),
  Description: z.string().max(2000).nullish(),
  FinePrint: z.string().max(2000).nullish(),
  StartDate: date,
  ExpirationDate: date,
  CanCombine: z.boolean().default(false),
  AllowAllBuyers: z.boolean().default(false),
  OwnerID: z.string().nullish(),
  AutoApply: z.boolean().default(false),
  Active: z.boolean().default(true),
  UseIntegration: z.boolean().default(false),
  Priority: z.number().int().nullish(),
  xp: z.record(z.string(), z.unknown()).optional(),
});
export type PromotionBody = z.infer<typeof PromotionBody>;

export const PromotionAssignmentBody = z.object({
  PromotionID: z.string().min(1),
  BuyerID: z.string().min(1),
  UserGroupID: z.string().nullish(),
});

export function toPromotion(row: repository.PromotionRow) {
  return {
    ID: row.id,
    LineItemLevel: row.lineItemLevel,
    Code: row.code,
    Name: row.name,
    RedemptionLimit: row.redemptionLimit,
    RedemptionLimitPerUser: row.redemptionLimitPerUser,
    RedemptionCount: row.redemptionCount,
    QuantityLimitPerOrder: row.quantityLimitPerOrder,
    ItemLimitPerOrder: row.itemLimitPerOrder,
    ItemSortBy: row.itemSortBy,
    Description: row.description,
    FinePrint: row.finePrint,
    StartDate: row.startDate?.toISOString() ?? null,
    ExpirationDate: row.expirationDate?.toISOString() ?? null,
    EligibleExpression: row.eligibleExpression,
    ValueExpression: row.valueExpression,
    CanCombine: row.canCombine,
    AllowAllBuyers: row.allowAllBuyers,
    OwnerID: row.ownerId,
    AutoApply: row.autoApply,
    Active: row.active,
    UseIntegration: row.useIntegration,
    Priority: row.priority,
    xp: row.xp,
  };
}
export type PromotionEntity = ReturnType<typeof toPromotion>;

const ruleOf = (row: repository.PromotionRow): PromotionRule => ({
  ID: row.id,
  Code: row.code,
  LineItemLevel: row.lineItemLevel,
  EligibleExpression: row.eligibleExpression,
  ValueExpression: row.valueExpression,
  UseIntegration: row.useIntegration,
  QuantityLimitPerOrder: row.quantityLimitPerOrder,
  ItemLimitPerOrder: row.itemLimitPerOrder,
  ItemSortBy: row.itemSortBy,
});

/** The order a promotion is checked against: who placed it and for whom, and its state. */
export interface OrderFacts {
  id: string;
  status: string;
  fromCompanyId: string;
  fromUserId: string;
  toCompanyId: string;
  currency: string;
}

/** Who may use promotions on an order: its buyer and the user's groups (read before a transaction). */
export interface Audience {
  buyerId: string;
  userId: string;
  groupIds: string[];
}

/** Field by field: stored amounts come back from jsonb with their keys in another order. */
const sameAmounts = (a: readonly StoredPromotionAmount[], b: readonly StoredPromotionAmount[]) =>
  a.length === b.length &&
  a.every(
    (entry, index) =>
      entry.LineItemID === b[index]?.LineItemID &&
      entry.Amount === b[index]?.Amount &&
      Boolean(entry.AmountOverridden) === Boolean(b[index]?.AmountOverridden),
  );

const promotionError = (code: string, message: string, row: repository.PromotionRow, status = 400) =>
  new HttpError(status, code, message, { PromotionID: row.id, Code: row.code });

/**
 * Promotions (domain facts A3): the admin resource and its buyer assignments, and the rules that apply
 * them to orders — eligibility, values by the rules engine, combining, limits, dates, and redemptions
 * on submit. The orders module calls the order-level methods inside its own transaction (`tx`).
 */
export class PromotionsService {
  constructor(
    private readonly db: Database,
    private readonly buyers: BuyersService,
    private readonly users: UsersService,
    private readonly catalog: Pick<CatalogService, 'categoriesOfProducts'>,
  ) {}

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

  // --- the admin resource ----------------------------------------------------------------------

  private values(body: PromotionBody) {
    const valid = validatePromotionExpressions(body);
    if (!valid.ok) {
      const [first] = valid.errors;
      throw new HttpError(400, first?.code ?? 'InvalidRequest', first?.message ?? 'Invalid expression.', {
        Field: first?.field ?? null,
        Position: first?.position ?? null,
      });
    }
    if (body.QuantityLimitPerOrder != null && body.ItemLimitPerOrder != null) {
      throw invalidRequest('QuantityLimitPerOrder and ItemLimitPerOrder exclude each other.');
    }
    if (!body.LineItemLevel && (body.QuantityLimitPerOrder != null || body.ItemLimitPerOrder != null)) {
      throw invalidRequest('QuantityLimitPerOrder and ItemLimitPerOrder need LineItemLevel.');
    }
    if (body.ItemSortBy && body.ItemLimitPerOrder == null) {
      throw invalidRequest('ItemSortBy needs ItemLimitPerOrder.');
    }
    return {
      code: body.Code,
      name: body.Name ?? null,
      description: body.Description ?? null,
      finePrint: body.FinePrint ?? null,
      lineItemLevel: body.LineItemLevel,
      eligibleExpression: body.EligibleExpression,
      valueExpression: body.ValueExpression ?? null,
      redemptionLimit: body.RedemptionLimit ?? null,
      redemptionLimitPerUser: body.RedemptionLimitPerUser ?? null,
      quantityLimitPerOrder: body.QuantityLimitPerOrder ?? null,
      itemLimitPerOrder: body.ItemLimitPerOrder ?? null,
      itemSortBy: body.ItemSortBy ?? null,
      startDate: body.StartDate ? new Date(body.StartDate) : null,
      expirationDate: body.ExpirationDate ? new Date(body.ExpirationDate) : null,
      canCombine: body.CanCombine,
      allowAllBuyers: body.AllowAllBuyers,
      ownerId: body.OwnerID ?? null,
      autoApply: body.AutoApply,
      active: body.Active,
      useIntegration: body.UseIntegration,
      priority: body.Priority ?? null,
      xp: (body.xp ?? {}) as Record<string, unknown>,
    };
  }

  private async codeTaken(code: string, exceptId: string | undefined) {
    const existing = await repository.findByCode(this.db, code);
    if (existing && existing.id !== exceptId) {
      // [inferred] OrderCloud's code for a duplicate promotion code is not published.
      throw new HttpError(409, 'IdExists', `A promotion with code ${code} already exists.`, {
        ObjectType: 'Promotion',
        ObjectID: existing.id,
        Code: code,
      });
    }
  }

  async list(_context: PlatformContext, options: ListOptions): Promise<ListPage<PromotionEntity>> {
    const { rows, totalCount } = await repository.listPromotionRows(this.db, options, undefined);
    return { Meta: listMeta(options, totalCount, rows.length), Items: rows.map(toPromotion) };
  }

  async get(_context: PlatformContext, id: string): Promise<PromotionEntity> {
    const row = await repository.findById(this.db, id);
    if (!row) throw notFoundError('Promotion', id);
    return toPromotion(row);
  }

  async create(_context: PlatformContext, body: PromotionBody): Promise<PromotionEntity> {
    const id = body.ID ?? newId();
    const values = this.values(body);
    await this.codeTaken(body.Code, undefined);
    try {
      const [row] = await this.db
        .insert(promotions)
        .values({ id, ...values })
        .returning();
      return toPromotion(row as repository.PromotionRow);
    } catch (error) {
      if (isUniqueViolation(error)) throw idExistsError('Promotion', id);
      throw error;
    }
  }

  async save(context: PlatformContext, id: string, body: PromotionBody): Promise<PromotionEntity> {
    const values = this.values(body);
    await this.codeTaken(body.Code, id);
    const [row] = await this.db.update(promotions).set(values).where(eq(promotions.id, id)).returning();
    return row ? toPromotion(row) : this.create(context, { ...body, ID: id });
  }

  async patch(context: PlatformContext, id: string, patch: Record<string, unknown>) {
    const current = await this.get(context, id);
    const merged = parseEntity(PromotionBody, applyPatch(current, { ...patch, ID: id }));
    return this.save(context, id, merged);
  }

  async delete(_context: PlatformContext, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const deleted = await tx.delete(promotions).where(eq(promotions.id, id)).returning();
      if (deleted.length === 0) throw notFoundError('Promotion', id);
      await tx.delete(promotionAssignments).where(eq(promotionAssignments.promotionId, id));
    });
  }

  // --- assignments -----------------------------------------------------------------------------

  async listAssignments(_context: PlatformContext, options: ListOptions, query: Record<string, unknown>) {
    const filters: SQL[] = [];
    const text = (key: string) => (typeof query[key] === 'string' ? (query[key] as string) : undefined);
    const promotionId = text('promotionID');
    const buyerId = text('buyerID');
    const groupId = text('userGroupID');
    if (promotionId) filters.push(eq(promotionAssignments.promotionId, promotionId));
    if (buyerId) filters.push(eq(promotionAssignments.buyerId, buyerId));
    if (groupId) filters.push(eq(promotionAssignments.userGroupId, groupId));
    if (text('level') === 'Company') filters.push(eq(promotionAssignments.userGroupId, ''));
    if (text('level') === 'Group') filters.push(sql`${promotionAssignments.userGroupId} <> ''`);
    const { rows, totalCount } = await repository.listAssignmentRows(
      this.db,
      { ...options, filters: [] },
      filters.length > 0 ? and(...filters) : undefined,
    );
    return {
      Meta: listMeta(options, totalCount, rows.length),
      Items: rows.map((row) => ({
        PromotionID: row.promotionId,
        BuyerID: row.buyerId,
        UserGroupID: row.userGroupId || null,
      })),
    };
  }

  async saveAssignment(context: PlatformContext, body: z.infer<typeof PromotionAssignmentBody>) {
    await this.get(context, body.PromotionID);
    await this.buyers.assertExists(body.BuyerID);
    if (body.UserGroupID) await this.users.getGroup(context, body.BuyerID, body.UserGroupID);
    await repository.saveAssignment(this.db, {
      promotionId: body.PromotionID,
      buyerId: body.BuyerID,
      userGroupId: body.UserGroupID ?? '',
    });
  }

  async deleteAssignment(
    _context: PlatformContext,
    promotionId: string,
    buyerId: string | undefined,
    userGroupId: string | undefined,
  ) {
    if (!buyerId) throw invalidRequest('buyerID is required.');
    await repository.deleteAssignments(
      this.db,
      and(
        eq(promotionAssignments.promotionId, promotionId),
        eq(promotionAssignments.buyerId, buyerId),
        eq(promotionAssignments.userGroupId, userGroupId ?? ''),
      ) as SQL,
    );
  }

  // --- /me/promotions ---------------------------------------------------------------------------

  async audienceOf(buyerId: string, userId: string): Promise<Audience> {
    return { buyerId, userId, groupIds: await this.users.groupIdsOf(buyerId, userId) };
  }

  /** The active promotions a buyer user may use (Active=false hides a promotion from them). */
  async listMine(context: PlatformContext, options: ListOptions): Promise<ListPage<PromotionEntity>> {
    const audience = await this.audienceOf(context.caller.buyerId ?? '', context.caller.userId);
    const scope = sql`${promotions.active} and ${repository.availableTo(audience.buyerId, audience.groupIds)}`;
    const { rows, totalCount } = await repository.listPromotionRows(this.db, options, scope);
    return { Meta: listMeta(options, totalCount, rows.length), Items: rows.map(toPromotion) };
  }

  async getMine(context: PlatformContext, id: string): Promise<PromotionEntity> {
    const audience = await this.audienceOf(context.caller.buyerId ?? '', context.caller.userId);
    const row = await repository.findById(this.db, id);
    if (!row?.active || !(await repository.isAvailableTo(this.db, id, audience.buyerId, audience.groupIds)))
      throw notFoundError('Promotion', id);
    return toPromotion(row);
  }

  // --- on orders (called inside the orders module's transaction) -------------------------------

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

  /** `POST …/promotions/{code}`: every check of A3, then the promotion is on the order. */
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
      // [inferred] P joins S only when P and every promotion in S can combine.
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
   * longer eligible stays applied with no amount until submit refuses it (domain facts A3: eligibility
   * is checked when added and again on submit). Amounts the checkout integration overrode are kept.
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

export type OrderPromotionEntity = Awaited<ReturnType<PromotionsService['listForOrder']>>[number];
