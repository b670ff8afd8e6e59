/**
 * VAT is owed on what the buyer pays: a promotion discount lowers the VAT base. The price service
 * prices each line's VAT on its full net amount; this takes each line's share of the discounts off
 * that base again, at the line's own rate (taxTotal ÷ net). A line's own promotion discount is its
 * own; the rest of the order's discount (order-level promotions) is shared by the lines' net amounts.
 * All amounts are integer minor units.
 */
import { multiplyRatio, sumMinorUnits } from '@actuate/contracts';

export interface TaxedLine {
  readonly lineId: string;
  /** Unit price × quantity. */
  readonly net: number;
  /** The price service's VAT on `net`. */
  readonly tax: number;
  /** The line's own promotion discount. */
  readonly discount: number;
}

/** The VAT of the lines once the discounts are taken off; no line's base goes below zero. */
export function lineVatAfterDiscounts(lines: readonly TaxedLine[], orderDiscount: number): number {
  const totalNet = sumMinorUnits(lines.map((line) => line.net));
  const lineDiscounts = sumMinorUnits(lines.map((line) => line.discount));
  const orderLevel = Math.max(0, orderDiscount - lineDiscounts);
  return sumMinorUnits(
    lines.map((line) => {
      if (line.net <= 0) return line.tax;
      const shared = totalNet > 0 ? multiplyRatio(orderLevel, line.net, totalNet) : 0;
      const base = Math.max(0, line.net - line.discount - shared);
      return multiplyRatio(line.tax, base, line.net);
    }),
  );
}
