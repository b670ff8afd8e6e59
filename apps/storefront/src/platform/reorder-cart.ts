import { type LineItem, LineItems, Me, Orders, type RequiredDeep } from 'ordercloud-javascript-sdk';
import type { PastLine, SkipReason } from '@/components/orders/reorder';
import { planReorderOf } from './order-history';
import { asBuyer } from './sdk';

/*
 * Reorder: plans against the buyer's catalogue as it is now, then adds the lines that pass to the
 * cart (the buyer's unsubmitted order).
 */

export interface ReorderResult {
  readonly cartId: string;
  readonly added: number;
  readonly skipped: readonly { line: PastLine; reason: SkipReason }[];
}

/** The buyer's cart: the newest unsubmitted order, if there is one. */
export async function findCartOrderId(token: string): Promise<string | undefined> {
  const existing = await Me.ListOrders(
    { filters: { Status: 'Unsubmitted' }, sortBy: ['!DateCreated'] as never, pageSize: 1 },
    asBuyer(token),
  );
  return existing.Items[0]?.ID || undefined;
}

/** The lines of the buyer's cart (none when there is no cart). */
export async function cartLines(token: string): Promise<RequiredDeep<LineItem>[]> {
  const cartId = await findCartOrderId(token);
  if (!cartId) return [];
  return (await LineItems.List('Outgoing', cartId, { pageSize: 100 }, asBuyer(token))).Items;
}

/** The buyer's cart, created when there is none. */
async function cartOrderId(token: string): Promise<string> {
  return (await findCartOrderId(token)) ?? (await Orders.Create('Outgoing', {}, asBuyer(token))).ID;
}

export async function reorderIntoCart(token: string, orderId: string): Promise<ReorderResult> {
  const plan = await planReorderOf(token, orderId);
  if (plan.add.length === 0) return { cartId: '', added: 0, skipped: plan.skipped };
  const cartId = await cartOrderId(token);
  const options = asBuyer(token);
  for (const entry of plan.add) {
    await LineItems.Create(
      'Outgoing',
      cartId,
      {
        ProductID: entry.line.ProductID,
        Quantity: entry.quantity,
        Specs: (entry.line.Specs ?? []).map((spec) => ({
          SpecID: spec.SpecID,
          OptionID: spec.OptionID ?? undefined,
          Value: spec.Value ?? undefined,
        })),
      },
      options,
    );
  }
  return { cartId, added: plan.add.length, skipped: plan.skipped };
}
