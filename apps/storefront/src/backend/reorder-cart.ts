import { type LineItem, LineItems, Orders } from 'ordercloud-javascript-sdk';
import type { PastLine, SkipReason } from '@/components/orders/reorder';
import { addUnpriced, ensureCartOrder, getCart, priceCart } from './cart';
import { planReorderOf } from './order-history';
import { asBuyer } from './sdk';

/*
 * Reorder: plans against the buyer's catalogue as it is now, then adds the lines that pass to the
 * cart (the shared cart helpers of `./cart`: the buyer's newest unsubmitted order).
 */

export interface ReorderResult {
  readonly added: number;
  readonly skipped: readonly { line: PastLine; reason: SkipReason }[];
}

/** The lines of the buyer's cart (none when there is no cart). */
export async function cartLines(token: string): Promise<LineItem[]> {
  return (await getCart(token))?.lines ?? [];
}

export async function reorderIntoCart(token: string, orderId: string): Promise<ReorderResult> {
  const plan = await planReorderOf(token, orderId);
  for (const entry of plan.add) {
    const specs = entry.line.Specs ?? [];
    if (specs.length === 0) {
      await addUnpriced(token, entry.line.ProductID, entry.quantity, entry.line.CostCenter);
      continue;
    }
    const cart = await ensureCartOrder(token);
    await LineItems.Create(
      'Outgoing',
      cart.ID as string,
      {
        ProductID: entry.line.ProductID,
        Quantity: entry.quantity,
        ...(entry.line.CostCenter ? { CostCenter: entry.line.CostCenter } : {}),
        Specs: specs.map((spec) => ({
          SpecID: spec.SpecID,
          OptionID: spec.OptionID ?? undefined,
          Value: spec.Value ?? undefined,
        })),
      },
      asBuyer(token),
    );
  }
  if (plan.add.length > 0) await copyComment(token, orderId);
  // Today's customer prices, not the old order's: one calculation once every line is in.
  if (plan.add.length > 0) await priceCart(token, (await ensureCartOrder(token)).ID as string);
  return { added: plan.add.length, skipped: plan.skipped };
}

/** The past order's comment goes to the cart unless the cart has one of its own. */
async function copyComment(token: string, orderId: string): Promise<void> {
  const options = asBuyer(token);
  const past = await Orders.Get('All', orderId, options);
  const cart = await ensureCartOrder(token);
  if (!past.Comments?.trim() || cart.Comments?.trim()) return;
  await Orders.Patch('Outgoing', cart.ID as string, { Comments: past.Comments }, options);
}
