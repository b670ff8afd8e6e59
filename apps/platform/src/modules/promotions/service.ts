import type { Database } from '@actuate/service-kit';
import { HttpError } from '@actuate/service-kit';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PlatformContext } from '../../shared/context.ts';
import { isUniqueViolation } from '../../shared/database-errors.ts';
import { idExistsError, invalidRequest, notFoundError } from '../../shared/errors.ts';
import { newId } from '../../shared/ids.ts';
import { type ListOptions, type ListPage, listMeta } from '../../shared/list/list-query.ts';
import { parseEntity } from '../../shared/validation.ts';
import { applyPatch } from '../../shared/xp.ts';
import type { BuyersService } from '../buyers/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import { validatePromotionExpressions } from '../rules/index.ts';
import type { UsersService } from '../users/service.ts';
import {
  type Audience,
  type PromotionAssignmentBody,
  PromotionBody,
  type PromotionEntity,
  toPromotion,
} from './models.ts';
import { OrderPromotions } from './order-promotions.ts';
import * as repository from './repository.ts';
import { promotionAssignments, promotions } from './schema.ts';

export {
  type Audience,
  type OrderFacts,
  PromotionAssignmentBody,
  PromotionBody,
  type PromotionEntity,
} from './models.ts';

/**
 * Promotions: the admin resource and its buyer assignments, the buyer's `/me/promotions`, and the
 * rules that apply them to orders (eligibility, values by the rules engine, combining, limits, dates,
 * and redemptions on submit; `OrderPromotions`). The orders module calls the order-level methods
 * inside its own transaction (`tx`).
 */
export class PromotionsService {
  /** The order-level side, used inside the orders module's transactions. */
  readonly onOrders: OrderPromotions;

  constructor(
    private readonly db: Database,
    private readonly buyers: BuyersService,
    private readonly users: UsersService,
    catalog: Pick<CatalogService, 'categoriesOfProducts'>,
  ) {
    this.onOrders = new OrderPromotions(catalog);
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
      // OrderCloud does not publish its code for a duplicate promotion code.
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
}
