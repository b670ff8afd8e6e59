/**
 * Order pricing rules of the platform: pure functions, no I/O, money in integer minor units.
 * See README.md for the rules and the decisions taken where OrderCloud's documentation is silent.
 */
export {
  applyMarkups,
  type LineItemPrice,
  type MarkedUpPrice,
  type PriceLineItemInput,
  priceLineItem,
  type UnitPriceSource,
} from './line-item.ts';
export {
  lineTotal,
  type OrderTotals,
  type OrderTotalsInput,
  type OrderTotalsLine,
  orderTotals,
} from './order-totals.ts';
export { checkQuantity, type QuantityCheck } from './quantity.ts';
export {
  choosePriceBreak,
  isOnSale,
  type ValidatePriceScheduleOptions,
  validatePriceSchedule,
} from './schedule.ts';
export {
  PRICING_ERROR_CODES,
  type PriceBreak,
  type PriceMarkupType,
  type PriceSchedule,
  type PricingError,
  type PricingErrorCode,
  PricingInputError,
  type Result,
  type SaleBound,
  type SpecMarkup,
} from './types.ts';
