import { describe, expect, it } from 'vitest';
import { shipmentCaptureValue } from './shipment-capture.ts';

const lines = [
  { lineItemId: 'a', quantity: 4, subtotalMinor: 400_00 },
  { lineItemId: 'b', quantity: 1, subtotalMinor: 600_00 },
];
// Subtotal 1,000.00; total with 25 % VAT and 50.00 shipping: 1,312.50.
const base = { authorisedMinor: 1312_50, capturedMinor: 0, orderSubtotalMinor: 1000_00, lines };

describe('shipmentCaptureValue', () => {
  it('captures the shipped lines’ share of the authorisation, VAT and shipping in proportion', () => {
    const first = shipmentCaptureValue({
      ...base,
      shipped: [{ lineItemId: 'a', quantity: 2 }],
      completesOrder: false,
    });
    expect(first).toBe(262_50); // 200 of 1,000 net → a fifth of 1,312.50
  });

  it('lets the shipment that completes the order capture what is left', () => {
    const last = shipmentCaptureValue({
      ...base,
      capturedMinor: 262_50,
      shipped: [
        { lineItemId: 'a', quantity: 2 },
        { lineItemId: 'b', quantity: 1 },
      ],
      completesOrder: true,
    });
    expect(last).toBe(1050_00);
  });

  it('never captures more than remains, nor for unknown lines or quantities', () => {
    expect(
      shipmentCaptureValue({
        ...base,
        capturedMinor: 1300_00,
        shipped: [{ lineItemId: 'b', quantity: 1 }],
        completesOrder: false,
      }),
    ).toBe(12_50);
    expect(
      shipmentCaptureValue({
        ...base,
        shipped: [
          { lineItemId: 'zz', quantity: 3 },
          { lineItemId: 'a', quantity: 0 },
        ],
        completesOrder: false,
      }),
    ).toBe(0);
    // Shipping more than ordered counts as the ordered quantity.
    expect(
      shipmentCaptureValue({ ...base, shipped: [{ lineItemId: 'b', quantity: 9 }], completesOrder: false }),
    ).toBe(787_50);
  });

  it('splits a gift-card order’s card part the same way', () => {
    // The card authorised only 312.50 of the 1,312.50 (a gift card paid the rest at once).
    expect(
      shipmentCaptureValue({
        ...base,
        authorisedMinor: 312_50,
        shipped: [{ lineItemId: 'b', quantity: 1 }],
        completesOrder: false,
      }),
    ).toBe(187_50);
  });
});
