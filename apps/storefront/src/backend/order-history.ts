import {
  type LineItem,
  LineItems,
  Me,
  type Order,
  type OrderApproval,
  Orders,
  type Payment,
  Payments,
  type RequiredDeep,
  type Shipment,
  type ShipmentItem,
} from 'ordercloud-javascript-sdk';
import type { OrderFilter } from '@/components/orders/filters';
import { orderListOptions } from '@/components/orders/filters';
import {
  type CurrentProduct,
  type PastLine,
  planReorder,
  type ReorderPlan,
} from '@/components/orders/reorder';
import { fromPlatformShipment, type ShipmentView } from '@/components/orders/shipments';
import { asBuyer, hasPlatformStatus } from './sdk';
import { forgetToken, forToken } from './visibility';

/*
 * The order history, order detail, approvals and reorder calls of the after-sales pages, made with
 * the buyer's own token (the platform scopes every answer to the buyer).
 */

export interface OrderPage {
  readonly orders: RequiredDeep<Order>[];
  readonly page: number;
  readonly totalPages: number;
  readonly totalCount: number;
}

export async function listMyOrders(token: string, filter: OrderFilter): Promise<OrderPage> {
  const result = await Me.ListOrders(
    orderListOptions(filter) as Parameters<typeof Me.ListOrders>[0],
    asBuyer(token),
  );
  return {
    orders: result.Items,
    page: result.Meta.Page ?? filter.page,
    totalPages: result.Meta.TotalPages ?? 1,
    totalCount: result.Meta.TotalCount ?? result.Items.length,
  };
}

export interface OrderDetail {
  readonly order: RequiredDeep<Order>;
  readonly lines: RequiredDeep<LineItem>[];
  readonly payments: RequiredDeep<Payment>[];
  readonly shipments: ShipmentView[];
  readonly approvals: RequiredDeep<OrderApproval>[];
}

/** Pages through a list call until every item is read (orders have few lines, payments, shipments). */
async function all<T>(
  load: (page: number) => Promise<{ Items: T[]; Meta: { TotalPages?: number } }>,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= 20; page++) {
    const result = await load(page);
    items.push(...result.Items);
    if (page >= (result.Meta.TotalPages ?? 1)) break;
  }
  return items;
}

/** An order of the buyer's, or one they may approve (direction All); undefined when neither. */
export async function getOrderDetail(token: string, orderId: string): Promise<OrderDetail | undefined> {
  const options = asBuyer(token);
  let order: RequiredDeep<Order>;
  try {
    order = await Orders.Get('All', orderId, options);
  } catch (error) {
    if (hasPlatformStatus(error, 404, 403)) return undefined;
    throw error;
  }
  const [lines, payments, shipments, approvals] = await Promise.all([
    all((page) => LineItems.List('All', orderId, { page, pageSize: 100 }, options)),
    all((page) => Payments.List('All', orderId, { page, pageSize: 100 }, options)),
    loadShipments(token, orderId),
    Orders.ListApprovals('All', orderId, { pageSize: 100 }, options)
      .then((result) => result.Items)
      .catch(() => [] as RequiredDeep<OrderApproval>[]),
  ]);
  return { order, lines, payments, shipments, approvals };
}

async function loadShipments(token: string, orderId: string): Promise<ShipmentView[]> {
  const options = asBuyer(token);
  let shipments: RequiredDeep<Shipment>[];
  try {
    shipments = (await Orders.ListShipments('All', orderId, { pageSize: 100 }, options)).Items;
  } catch (error) {
    if (hasPlatformStatus(error, 404, 403)) return [];
    throw error;
  }
  return Promise.all(
    shipments.map(async (shipment) => {
      const items: RequiredDeep<ShipmentItem>[] = shipment.ID
        ? await Me.ListShipmentItems(shipment.ID, { pageSize: 100 }, options)
            .then((result) => result.Items.filter((item) => item.OrderID === orderId))
            .catch(() => [])
        : [];
      return fromPlatformShipment(shipment, items);
    }),
  );
}

export async function cancelOrder(token: string, orderId: string): Promise<void> {
  await Orders.Cancel('Outgoing', orderId, asBuyer(token));
}

/** Orders of the buyer's colleagues waiting for this buyer's approval. */
export async function listApprovable(token: string): Promise<RequiredDeep<Order>[]> {
  return all((page) =>
    Me.ListApprovableOrders({ page, pageSize: 100, sortBy: ['DateSubmitted'] as never }, asBuyer(token)),
  );
}

/** Reused per token for a few seconds (visibility.ts): the header asks on every page. */
export async function countApprovable(token: string): Promise<number> {
  return forToken(token, 'approvable', async () => {
    const result = await Me.ListApprovableOrders({ pageSize: 1 }, asBuyer(token));
    return result.Meta.TotalCount ?? result.Items.length;
  });
}

export async function decideApproval(
  token: string,
  orderId: string,
  decision: 'approve' | 'decline',
  comments: string | undefined,
): Promise<void> {
  const info = comments ? { Comments: comments } : {};
  try {
    if (decision === 'approve') await Orders.Approve('Incoming', orderId, info, asBuyer(token));
    else await Orders.Decline('Incoming', orderId, { ...info, AllowResubmit: false }, asBuyer(token));
  } finally {
    forgetToken(token); // the header's count of orders to approve changes at once
  }
}

/** Reads each line's product from the buyer's catalogue as it is now and plans the reorder. */
export async function planReorderOf(token: string, orderId: string): Promise<ReorderPlan> {
  const options = asBuyer(token);
  const lines = await all((page) => LineItems.List('All', orderId, { page, pageSize: 100 }, options));
  const past: PastLine[] = lines.map((line) => ({
    ID: line.ID,
    ProductID: line.ProductID,
    Quantity: line.Quantity,
    CostCenter: line.CostCenter ?? null,
    Specs: (line.Specs ?? []).map((spec) => ({
      SpecID: spec.SpecID,
      OptionID: spec.OptionID,
      Value: spec.Value,
    })),
    ProductName: line.Product?.Name ?? null,
  }));
  const ids = [...new Set(past.map((line) => line.ProductID))];
  const current = new Map<string, CurrentProduct | undefined>();
  await Promise.all(
    ids.map(async (id) => {
      try {
        current.set(id, (await Me.GetProduct(id, {}, options)) as CurrentProduct);
      } catch (error) {
        if (!hasPlatformStatus(error, 404, 403)) throw error;
        current.set(id, undefined);
      }
    }),
  );
  return planReorder(past, current);
}

/** Orders a subscription has placed. */
export async function listSubscriptionOrders(
  token: string,
  subscriptionId: string,
): Promise<RequiredDeep<Order>[]> {
  const result = await Me.ListOrders(
    { filters: { SubscriptionID: subscriptionId }, sortBy: ['!DateCreated'] as never, pageSize: 50 },
    asBuyer(token),
  );
  return result.Items;
}
