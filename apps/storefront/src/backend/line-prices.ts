import type { LineItem } from 'ordercloud-javascript-sdk';
import { customerItemPrice } from './prices';
import type { BuyerSession } from './session';

/*
 * Unit prices of lines that are not priced by a checkout calculation (a subscription's items): the
 * customer's price at the line's quantity from the price service, the same call and rule the
 * configurator and the checkout use, so a subscription shows the prices its orders will be placed at.
 * A line the price service cannot price keeps the platform's UnitPrice.
 */

function salesItemNumberOf(line: Pick<LineItem, 'ProductID' | 'Product'>): string | undefined {
  const xp = line.Product?.xp as { SalesItemNumber?: unknown } | undefined;
  return typeof xp?.SalesItemNumber === 'string' ? xp.SalesItemNumber : line.ProductID;
}

/** Line ID → unit price, for every line with an ID. */
export async function customerLinePrices(
  buyer: BuyerSession,
  lines: readonly Pick<LineItem, 'ID' | 'ProductID' | 'Product' | 'Quantity' | 'UnitPrice'>[],
): Promise<Map<string, number | undefined>> {
  const priced = await Promise.all(
    lines.map(async (line) => {
      const sku = salesItemNumberOf(line);
      const price = sku ? await customerItemPrice(buyer, sku, line.Quantity ?? 1) : undefined;
      return [line.ID ?? '', price?.amount ?? line.UnitPrice ?? undefined] as const;
    }),
  );
  return new Map(priced.filter(([id]) => id));
}
