/*
 * The platform's refusals of a promotion code (`POST /orders/Outgoing/{id}/promotions/{code}`), by
 * ErrorCode, as the key of a `Cart.messages` text in the buyer's language. Codes not listed here keep
 * the platform's own message (eligibility rules explain themselves there).
 */

const REFUSALS = {
  NotFound: 'promotionUnknown',
  'Promotion.NotActive': 'promotionUnknown',
  'Promotion.Expired': 'promotionExpired',
  'Promotion.NotYetValid': 'promotionNotYetValid',
  'Promotion.ExceedsUsageLimit': 'promotionUsedUp',
  'Promotion.AlreadyAdded': 'promotionAlreadyApplied',
  'Promotion.CannotCombine': 'promotionCannotCombine',
} as const;

export type PromotionRefusalKey = (typeof REFUSALS)[keyof typeof REFUSALS];

export function promotionRefusalKey(errorCode: string | undefined): PromotionRefusalKey | undefined {
  return errorCode && Object.hasOwn(REFUSALS, errorCode)
    ? REFUSALS[errorCode as keyof typeof REFUSALS]
    : undefined;
}
