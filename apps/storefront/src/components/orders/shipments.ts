/*
 * Shipments of an order as the buyer sees them. The platform's shipments (`/orders/{id}/shipments`,
 * xp.TrackingUrl) come first; until the middleware writes those, the ERP's shipments reported on the
 * order's submission (`GET /erp/orders/{id}` → Shipments) stand in. Pure, unit-tested.
 */

export interface ShipmentView {
  readonly id: string;
  readonly carrier?: string;
  readonly trackingNumber?: string;
  /** Only http(s) links, so a stored value can never become a script link. */
  readonly trackingUrl?: string;
  readonly shippedAt?: string;
  readonly deliveredAt?: string;
  readonly containers: readonly string[];
  readonly items: readonly { readonly lineItemId: string; readonly quantity: number }[];
}

export function safeHttpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);
const texts = (value: unknown) =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];

export interface PlatformShipmentLike {
  readonly ID?: string | null;
  readonly Shipper?: string | null;
  readonly TrackingNumber?: string | null;
  readonly DateShipped?: string | null;
  readonly DateDelivered?: string | null;
  readonly xp?: {
    readonly TrackingUrl?: unknown;
    readonly ErpShipmentId?: unknown;
    readonly ErpContainerIds?: unknown;
  } | null;
}

export interface PlatformShipmentItemLike {
  readonly LineItemID?: string | null;
  readonly QuantityShipped?: number | null;
}

export function fromPlatformShipment(
  shipment: PlatformShipmentLike,
  items: readonly PlatformShipmentItemLike[] = [],
): ShipmentView {
  const id = text(shipment.xp?.ErpShipmentId) ?? shipment.ID ?? '';
  return {
    id,
    ...(text(shipment.Shipper) && { carrier: text(shipment.Shipper) }),
    ...(text(shipment.TrackingNumber) && { trackingNumber: text(shipment.TrackingNumber) }),
    ...(safeHttpUrl(shipment.xp?.TrackingUrl) && { trackingUrl: safeHttpUrl(shipment.xp?.TrackingUrl) }),
    ...(text(shipment.DateShipped) && { shippedAt: text(shipment.DateShipped) }),
    ...(text(shipment.DateDelivered) && { deliveredAt: text(shipment.DateDelivered) }),
    containers: texts(shipment.xp?.ErpContainerIds),
    items: items
      .filter((item) => item.LineItemID && item.QuantityShipped)
      .map((item) => ({ lineItemId: item.LineItemID as string, quantity: item.QuantityShipped as number })),
  };
}

/** One shipment as the ERP reports it in its status callbacks (back office README). */
export function fromErpShipment(value: unknown): ShipmentView | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  const id = text(record.erpShipmentId);
  if (!id) return undefined;
  const lines = Array.isArray(record.lines) ? (record.lines as Record<string, unknown>[]) : [];
  return {
    id,
    ...(text(record.carrier) && { carrier: text(record.carrier) }),
    ...(text(record.trackingNumber) && { trackingNumber: text(record.trackingNumber) }),
    ...(safeHttpUrl(record.trackingUrl) && { trackingUrl: safeHttpUrl(record.trackingUrl) }),
    ...(text(record.shippedAt) && { shippedAt: text(record.shippedAt) }),
    containers: texts(record.containerIds),
    items: lines
      .filter(
        (line) => line && typeof line.webShopLineItemId === 'string' && typeof line.quantity === 'number',
      )
      .map((line) => ({ lineItemId: line.webShopLineItemId as string, quantity: line.quantity as number })),
  };
}

/** Platform shipments when there are any, else the ERP's. */
export function shipmentsToShow(
  platform: readonly ShipmentView[],
  erpShipments: readonly unknown[] | undefined,
): ShipmentView[] {
  if (platform.length > 0) return [...platform];
  return (erpShipments ?? []).map(fromErpShipment).filter((entry): entry is ShipmentView => Boolean(entry));
}
