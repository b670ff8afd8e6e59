import { describe, expect, it } from 'vitest';
import type { SubmitSalesOrderRequest } from './models.ts';
import { requestHash } from './request-hash.ts';

const order: SubmitSalesOrderRequest = {
  webShopOrderId: 'o-1',
  customerErpId: 'ADK-100001',
  contactErpId: 'ADK-200001',
  currency: 'DKK',
  shippingCost: 0,
  deliveryAddress: {
    erpId: 'ADK-300001',
    street1: 'Vej 1',
    city: 'By',
    zip: '8000',
    state: 'R',
    countryCode2: 'DK',
  },
  lines: [{ webShopLineItemId: 'l1', salesItemNumber: 'B10001', quantity: 1, unitPrice: 100 }],
};

describe('submission identity', () => {
  it('ignores key order and absent versus null members', () => {
    const { lines, ...rest } = order;
    const reordered = { lines, ...rest, customerReference: null };
    expect(requestHash(reordered)).toBe(requestHash(order));
  });

  it('changes with anything that matters', () => {
    expect(requestHash({ ...order, lines: order.lines.map((line) => ({ ...line, quantity: 2 })) })).not.toBe(
      requestHash(order),
    );
    expect(requestHash({ ...order, customerReference: 'PO-1' })).not.toBe(requestHash(order));
  });
});
