/**
 * Line and order totals (docs/domain.md, prices on a line; OrderCloud .NET SDK Models.cs LineItem and Order).
 * Money in minor units; sums are exact integer sums with overflow checks (`@actuate/contracts`).
 */
import { MoneyError, subtractMinorUnits, sumMinorUnits } from '@actuate/contracts';

/**
 * LineItem.LineTotal = LineSubtotal − PromotionDiscount (the line-level promotions on the line).
 * Not clamped: the promotion rules keep a discount within what it discounts.
 */
export function lineTotal(lineSubtotal: number, promotionDiscount: number): number {
  return subtractMinorUnits(lineSubtotal, promotionDiscount);
}

/** The money of one line that the order totals read. */
export interface OrderTotalsLine {
  readonly lineSubtotal: number;
  /** Sum of the line-level promotions on this line. */
  readonly promotionDiscount: number;
}

/** The input of {@link orderTotals}; minor units. */
export interface OrderTotalsInput {
  readonly lines: readonly OrderTotalsLine[];
  readonly shippingCost: number;
  readonly taxCost: number;
  /** Order.Gratuity; OrderCloud requires it to be ≥ 0 (throws `MoneyError` otherwise). */
  readonly gratuity: number;
  /** Order.Fees: fees on the order or its lines (OrderCalculate FeeTotal). */
  readonly fees: number;
  /** Sum of the order-level promotions. */
  readonly orderLevelPromotionDiscount: number;
}

/** Order money fields; minor units. */
export interface OrderTotals {
  /** Order.Subtotal = Σ LineSubtotal. */
  readonly subtotal: number;
  /** Order.PromotionDiscount = order-level + Σ line-level promotions. */
  readonly promotionDiscount: number;
  /** Order.Total = Subtotal + TaxCost + ShippingCost + Gratuity + Fees − PromotionDiscount. */
  readonly total: number;
}

/** OrderCloud's order totals. Integers in, integers out; throws `MoneyError` on non-integers or overflow. */
export function orderTotals(input: OrderTotalsInput): OrderTotals {
  if (input.gratuity < 0) throw new MoneyError(`Gratuity cannot be negative: ${input.gratuity}`);
  const subtotal = sumMinorUnits(input.lines.map((line) => line.lineSubtotal));
  const promotionDiscount = sumMinorUnits([
    input.orderLevelPromotionDiscount,
    ...input.lines.map((line) => line.promotionDiscount),
  ]);
  const total = subtractMinorUnits(
    sumMinorUnits([subtotal, input.taxCost, input.shippingCost, input.gratuity, input.fees]),
    promotionDiscount,
  );
  return { subtotal, promotionDiscount, total };
}
