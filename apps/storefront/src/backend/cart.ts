import {
  type Address,
  type BuyerAddress,
  IntegrationEvents,
  type LineItem,
  LineItems,
  Me,
  type Order,
  type OrderPromotion,
  Orders,
} from 'ordercloud-javascript-sdk';
import { asBuyer, hasPlatformStatus } from './sdk';

/*
 * The buyer's cart: their newest unsubmitted order (`/me/orders?Status=Unsubmitted`), created on the
 * first add. Every call with the buyer's token.
 *
 *   const cart = await getCart(token);                 // { order, lines, promotions } | undefined
 *   await addToCart(token, 'A10287', 2);               // creates the order when needed, merges lines
 *   await setLineQuantity(token, orderId, lineId, 5);  // 0 removes the line
 *
 * One price per line everywhere: the platform prices a written line from its list price schedule, so
 * every write here ends with the checkout's calculation (platform → middleware → price service), which
 * writes the customer's unit price at the line's quantity (agreements, discount groups, breaks) onto
 * each line. Cart, checkout, order, reorder and the configurator (`prices.ts`) then show one price.
 */

export interface OrderXp {
  readonly CustomerReference?: string;
  readonly OrderNumber?: string;
  readonly WebShopStatus?: string;
  readonly [key: string]: unknown;
}

export type CartOrder = Order<OrderXp>;

export interface Cart {
  readonly order: CartOrder;
  readonly lines: LineItem[];
  readonly promotions: OrderPromotion[];
}

export const MAX_QUANTITY = 9999;

export async function findCartOrder(token: string): Promise<CartOrder | undefined> {
  const result = await Me.ListOrders<CartOrder>(
    { filters: { Status: 'Unsubmitted' }, sortBy: ['!DateCreated'], pageSize: 1 },
    asBuyer(token),
  );
  return result.Items[0];
}

export async function getCart(token: string): Promise<Cart | undefined> {
  const found = await findCartOrder(token);
  if (!found?.ID) return undefined;
  const options = asBuyer(token);
  const [order, lines, promotions] = await Promise.all([
    Orders.Get<CartOrder>('Outgoing', found.ID, options),
    LineItems.List('Outgoing', found.ID, { pageSize: 100 }, options),
    Orders.ListPromotions('Outgoing', found.ID, { pageSize: 100 }, options).catch(() => ({ Items: [] })),
  ]);
  return { order, lines: lines.Items, promotions: promotions.Items as OrderPromotion[] };
}

export async function ensureCartOrder(token: string): Promise<CartOrder> {
  const existing = await findCartOrder(token);
  if (existing?.ID) return existing;
  return Orders.Create<CartOrder>('Outgoing', {}, asBuyer(token));
}

/**
 * Writes the customer's prices onto the cart's lines (the checkout calculation). A ship method chosen
 * at an earlier checkout may no longer carry the changed cart (too heavy, say), which fails the
 * calculation: the ship estimate is then asked again (it keeps the choice only where it still
 * works) and the calculation repeated. Any other refusal leaves the lines as they are: the checkout
 * calculates again and shows the refusal there.
 */
export async function priceCart(token: string, orderId: string): Promise<void> {
  const options = asBuyer(token);
  try {
    await IntegrationEvents.Calculate('Outgoing', orderId, options);
    return;
  } catch {
    // Below: once more with a fresh ship estimate.
  }
  try {
    await IntegrationEvents.EstimateShipping('Outgoing', orderId, options);
    await IntegrationEvents.Calculate('Outgoing', orderId, options);
  } catch {
    // Priced again at checkout, where a refusal is shown to the buyer.
  }
}

/** Adds a quantity of a product to the cart (raising the quantity of an existing line of it), priced. */
export async function addToCart(token: string, productId: string, quantity: number): Promise<CartOrder> {
  const order = await addUnpriced(token, productId, quantity);
  await priceCart(token, order.ID as string);
  return order;
}

/** `addToCart` without the calculation, for callers that add several lines and price once. */
export async function addUnpriced(
  token: string,
  productId: string,
  quantity: number,
  costCenter?: string | null,
): Promise<CartOrder> {
  const order = await ensureCartOrder(token);
  const orderId = order.ID as string;
  const options = asBuyer(token);
  const lines = await LineItems.List(
    'Outgoing',
    orderId,
    { pageSize: 100, filters: { ProductID: productId } },
    options,
  );
  // A line of another cost center stays a line of its own.
  const existing = lines.Items.find(
    (line) =>
      line.ProductID === productId &&
      (line.Specs?.length ?? 0) === 0 &&
      (!costCenter || (line.CostCenter ?? '') === costCenter),
  );
  if (existing?.ID) {
    await LineItems.Patch(
      'Outgoing',
      orderId,
      existing.ID,
      { Quantity: Math.min(MAX_QUANTITY, (existing.Quantity ?? 0) + quantity) },
      options,
    );
  } else {
    const shipTo = lines.Items.find((line) => line.ShippingAddressID)?.ShippingAddressID;
    await LineItems.Create(
      'Outgoing',
      orderId,
      {
        ProductID: productId,
        Quantity: quantity,
        ...(shipTo ? { ShippingAddressID: shipTo } : {}),
        ...(costCenter ? { CostCenter: costCenter } : {}),
      },
      options,
    );
  }
  return order;
}

export async function setLineQuantity(token: string, orderId: string, lineId: string, quantity: number) {
  const options = asBuyer(token);
  if (quantity <= 0) await LineItems.Delete('Outgoing', orderId, lineId, options);
  else
    await LineItems.Patch(
      'Outgoing',
      orderId,
      lineId,
      { Quantity: Math.min(MAX_QUANTITY, quantity) },
      options,
    );
  await priceCart(token, orderId);
}

export async function removeLine(token: string, orderId: string, lineId: string) {
  try {
    await LineItems.Delete('Outgoing', orderId, lineId, asBuyer(token));
  } catch (error) {
    if (!hasPlatformStatus(error, 404)) throw error;
  }
  await priceCart(token, orderId);
}

export async function applyPromotion(token: string, orderId: string, code: string) {
  await Orders.AddPromotion('Outgoing', orderId, code, asBuyer(token));
}

export async function removePromotion(token: string, orderId: string, code: string) {
  await Orders.RemovePromotion('Outgoing', orderId, code, asBuyer(token));
}

/** An address of the buyer's book as an order address (without the book's flags). */
function orderAddress(address: BuyerAddress): Address {
  const {
    Shipping: _s,
    Billing: _b,
    Editable: _e,
    ...rest
  } = address as BuyerAddress & { Editable?: boolean };
  return rest as Address;
}

export async function setAddresses(
  token: string,
  orderId: string,
  shipping: BuyerAddress,
  billing: BuyerAddress,
): Promise<void> {
  const options = asBuyer(token);
  await Orders.SetShippingAddress('Outgoing', orderId, orderAddress(shipping), options);
  await Orders.SetBillingAddress('Outgoing', orderId, orderAddress(billing), options);
}
