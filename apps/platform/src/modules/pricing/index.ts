/**
 * Order pricing rules of the platform: pure functions, no I/O, money in integer minor units.
 * See README.md for the rules and the decisions taken where OrderCloud's documentation is silent.
 * This file is the module's public surface: what the other modules use, nothing more.
 */
export { priceLineItem } from './line-item.ts';
export { lineTotal, orderTotals } from './order-totals.ts';
export { isOnSale } from './schedule.ts';
export type { PriceSchedule, SpecMarkup } from './types.ts';
