import type { Order } from 'ordercloud-javascript-sdk';

/**
 * The cart's summary: its lines' subtotal less promotion discounts, without shipping and VAT. The
 * order's own Total also carries the ShippingCost and TaxCost of the last checkout calculation, which
 * the cart does not show (and which a later change of lines makes stale), so the cart never shows it:
 * every figure shown adds up (subtotal − discount = total).
 */
export interface CartTotals {
  readonly subtotal: number;
  readonly discount: number;
  readonly total: number;
}

export function cartTotals(order: Pick<Order, 'Subtotal' | 'PromotionDiscount'> | undefined): CartTotals {
  const subtotal = order?.Subtotal ?? 0;
  const discount = Math.max(0, order?.PromotionDiscount ?? 0);
  // Cents, so 0.1 + 0.2 style remainders never reach the page.
  const total = Math.round((subtotal - discount) * 100) / 100;
  return { subtotal, discount, total };
}
