/** OrderCloud Promotion and OrderPromotion (docs/domain.md, Promotions and rules). */
import { z } from 'zod';
import { Id, IsoDateTime, NonEmptyString } from '../validation.ts';
import { AnyXp, Count, Decimal } from './common.ts';

/** Maximum length of a rule expression (eligibility and approval rules). */
export const ELIGIBLE_EXPRESSION_MAX_LENGTH = 400;
/** Maximum length of a promotion's value expression. */
export const VALUE_EXPRESSION_MAX_LENGTH = 1000;

const promotionShape = {
  ID: Id.optional(),
  /** Unique; what the buyer types. */
  Code: NonEmptyString,
  Name: z.string().nullish(),
  /** True: the discount applies to the lines selected by `item` in EligibleExpression. */
  LineItemLevel: z.boolean().optional(),
  EligibleExpression: NonEmptyString.max(ELIGIBLE_EXPRESSION_MAX_LENGTH),
  /** Null only for a promotion whose value comes from the checkout integration. */
  ValueExpression: z.string().max(VALUE_EXPRESSION_MAX_LENGTH).nullish(),
  /** Maximum number of orders, over all users. */
  RedemptionLimit: Count.nullish(),
  RedemptionLimitPerUser: Count.nullish(),
  /** Read-only. */
  RedemptionCount: Count.optional(),
  /** Line-level only: ValueExpression is per qualifying unit, up to this many units. */
  QuantityLimitPerOrder: z.int().min(1).nullish(),
  /** Line-level only: the discount applies to at most this many lines. */
  ItemLimitPerOrder: z.int().min(1).nullish(),
  /** Comma-separated sort list (`!` reverses) choosing the lines for ItemLimitPerOrder. */
  ItemSortBy: z.string().nullish(),
  Description: z.string().nullish(),
  FinePrint: z.string().nullish(),
  StartDate: IsoDateTime.nullish(),
  ExpirationDate: IsoDateTime.nullish(),
  CanCombine: z.boolean().optional(),
  AllowAllBuyers: z.boolean().optional(),
  OwnerID: Id.nullish(),
  AutoApply: z.boolean().optional(),
  Active: z.boolean().optional(),
  UseIntegration: z.boolean().optional(),
  /** Order of auto-application: lower first, null last. */
  Priority: z.int().nullish(),
  xp: AnyXp.nullish(),
};

type PromotionFields = z.infer<z.ZodObject<typeof promotionShape>>;

/** Cross-field rules OrderCloud enforces on a promotion (docs/domain.md, Promotions and rules). */
function checkPromotion(promotion: PromotionFields, context: z.RefinementCtx): void {
  if (promotion.ValueExpression == null && !promotion.UseIntegration) {
    context.addIssue({
      code: 'custom',
      message: 'ValueExpression is required unless UseIntegration is true',
      path: ['ValueExpression'],
    });
  }
  if (promotion.QuantityLimitPerOrder != null && promotion.ItemLimitPerOrder != null) {
    context.addIssue({
      code: 'custom',
      message: 'QuantityLimitPerOrder and ItemLimitPerOrder exclude each other',
      path: ['ItemLimitPerOrder'],
    });
  }
  for (const field of ['QuantityLimitPerOrder', 'ItemLimitPerOrder'] as const) {
    if (promotion[field] != null && !promotion.LineItemLevel) {
      context.addIssue({ code: 'custom', message: `${field} needs LineItemLevel`, path: [field] });
    }
  }
  if (promotion.ItemSortBy && promotion.ItemLimitPerOrder == null) {
    context.addIssue({ code: 'custom', message: 'ItemSortBy needs ItemLimitPerOrder', path: ['ItemSortBy'] });
  }
}

export const Promotion = z.object(promotionShape).superRefine(checkPromotion);
export type Promotion = z.infer<typeof Promotion>;

/** A promotion applied to an order, with the amount it took off. */
export const OrderPromotion = z
  .object({
    ...promotionShape,
    /** Read-only: the discount this promotion gives on the order. */
    Amount: Decimal.optional(),
    /** Read-only: the line it applies to; null for an order-level promotion. */
    LineItemID: Id.nullish(),
  })
  .superRefine(checkPromotion);
export type OrderPromotion = z.infer<typeof OrderPromotion>;
