import { LineItems, Me, Orders } from 'ordercloud-javascript-sdk';
import type { LineFieldValues } from '@/components/shop/order-fields';
import { asBuyer } from './sdk';

/*
 * The checkout's order fields on the platform, with the buyer's token: the cost centers the buyer
 * admin keeps (OrderCloud's CostCenter resource, `/me/costcenters`: those assigned to the company or
 * the buyer's groups) and the writes of the comment and each line's date and cost center.
 */

/** Names of the cost centers the buyer may choose; empty when the company keeps none (free text then). */
export async function listMyCostCenters(token: string): Promise<string[]> {
  try {
    const page = await Me.ListCostCenters({ pageSize: 100, sortBy: ['Name'] }, asBuyer(token));
    return page.Items.map((center) => center.Name ?? center.ID ?? '').filter(Boolean);
  } catch {
    return [];
  }
}

/** Writes the order's comment and every line's date and cost center (only those that changed). */
export async function saveOrderFields(
  token: string,
  orderId: string,
  comment: string | null,
  lines: readonly LineFieldValues[],
): Promise<void> {
  const options = asBuyer(token);
  const order = await Orders.Get('Outgoing', orderId, options);
  if ((order.Comments ?? null) !== comment) {
    await Orders.Patch('Outgoing', orderId, { Comments: comment as string }, options);
  }
  const current = await LineItems.List('Outgoing', orderId, { pageSize: 100 }, options);
  for (const line of lines) {
    const before = current.Items.find((candidate) => candidate.ID === line.id);
    if (!before) continue;
    const sameDay = (before.DateNeeded ?? '').slice(0, 10) === (line.DateNeeded ?? '').slice(0, 10);
    if (sameDay && (before.CostCenter ?? null) === line.CostCenter) continue;
    await LineItems.Patch(
      'Outgoing',
      orderId,
      line.id,
      { DateNeeded: line.DateNeeded as string, CostCenter: line.CostCenter as string },
      options,
    );
  }
}
