import type { BuyerProduct } from '../catalog/service.ts';
import type { OrderView } from '../promotions/engine.ts';
import type { OrderFacts } from '../promotions/service.ts';
import { toLineItem, toOrder } from './entities.ts';
import type * as repository from './repository.ts';

// What an order keeps of other modules' entities, and what it shows the promotions module.

/** The product as a line keeps it (OrderCloud's LineItemProduct). */
export function productSnapshot(product: BuyerProduct): Record<string, unknown> {
  return {
    ID: product.ID,
    Name: product.Name,
    Description: product.Description,
    Returnable: product.Returnable,
    QuantityMultiplier: product.QuantityMultiplier,
    ShipWeight: product.ShipWeight,
    ShipHeight: product.ShipHeight,
    ShipWidth: product.ShipWidth,
    ShipLength: product.ShipLength,
    DefaultSupplierID: product.DefaultSupplierID,
    ParentID: null,
    xp: product.xp,
  };
}

/** An address copied onto an order or line, without the buyer-view flags. */
export function addressSnapshot(address: Record<string, unknown>): Record<string, unknown> {
  const { Shipping: _s, Billing: _b, Editable: _e, ...rest } = address;
  return rest;
}

/** A user as an order shows it: without the caller-specific AvailableRoles. */
export function withoutRoles<T extends { AvailableRoles?: unknown }>(user: T): Omit<T, 'AvailableRoles'> {
  const { AvailableRoles: _, ...rest } = user;
  return rest;
}

/** What the promotions module needs to know of an order. */
export function facts(order: repository.OrderRow): OrderFacts {
  return {
    id: order.id,
    status: order.status,
    fromCompanyId: order.fromCompanyId,
    fromUserId: order.fromUserId,
    toCompanyId: order.toCompanyId,
    currency: order.currency,
  };
}

/** The order as promotion expressions see it: OrderCloud entities in decimals, lines with minor amounts. */
export function viewOf(order: repository.OrderRow, lines: repository.LineItemRow[], now: Date): OrderView {
  return {
    currency: order.currency,
    order: toOrder(order),
    lines: lines.map((line) => ({
      entity: toLineItem(line, order.currency),
      lineSubtotal: line.lineSubtotal,
    })),
    now,
  };
}

/** The quantity of a product on an order's lines, but for one line (the one being replaced). */
export const quantityOf = (
  lines: repository.LineAmountsRow[],
  productId: string,
  exceptLineItemId: string | undefined,
) =>
  lines.reduce(
    (sum, line) => (line.productId === productId && line.id !== exceptLineItemId ? sum + line.quantity : sum),
    0,
  );
