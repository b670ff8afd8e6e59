import { HttpError } from '@actuate/service-kit';
import { z } from 'zod';
import type { PromotionRule } from './engine.ts';
import type * as repository from './repository.ts';

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

export const ruleOf = (row: repository.PromotionRow): PromotionRule => ({
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

export const promotionError = (code: string, message: string, row: repository.PromotionRow, status = 400) =>
  new HttpError(status, code, message, { PromotionID: row.id, Code: row.code });
