/**
 * How much of an authorisation one shipment captures. A shipment captures its lines' share of the order:
 * the net value of what it ships (line subtotal × shipped / ordered) over the order's subtotal, applied to
 * the authorised amount, so VAT and shipping are captured in the same proportion as the goods. The
 * shipment that completes the order captures whatever is left, so rounding never leaves a cent behind.
 */
export interface OrderLineValue {
  lineItemId: string;
  quantity: number;
  /** The line's subtotal in minor units. */
  subtotalMinor: number;
}

export interface ShipmentCaptureInput {
  authorisedMinor: number;
  capturedMinor: number;
  orderSubtotalMinor: number;
  lines: readonly OrderLineValue[];
  shipped: readonly { lineItemId: string; quantity: number }[];
  completesOrder: boolean;
}

export function shipmentCaptureValue(input: ShipmentCaptureInput): number {
  const remaining = Math.max(0, input.authorisedMinor - input.capturedMinor);
  if (input.completesOrder || remaining === 0) return remaining;
  if (input.orderSubtotalMinor <= 0) return 0;
  const byId = new Map(input.lines.map((line) => [line.lineItemId, line]));
  let shippedValue = 0;
  for (const part of input.shipped) {
    const line = byId.get(part.lineItemId);
    if (!line || line.quantity <= 0 || part.quantity <= 0) continue;
    shippedValue += (line.subtotalMinor * Math.min(part.quantity, line.quantity)) / line.quantity;
  }
  const share = Math.round((input.authorisedMinor * shippedValue) / input.orderSubtotalMinor);
  return Math.min(remaining, Math.max(0, share));
}
