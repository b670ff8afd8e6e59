/**
 * The B2B order fields across the real platform, middleware and back office: the pre-submit check
 * refuses a requested delivery date before today plus the ship method's transit days, and an
 * accepted order's comment, dates and cost centers reach the ERP's sales order.
 */
import { DEMO_LOGINS } from '@actuate/catalog-data';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginAs } from '../../../../apps/platform/src/testing/harness.ts';
import {
  addressBody,
  backoffice,
  connectCheckout,
  erpAddress,
  placeOrder,
  settledSubmission,
} from '../support/checkout.ts';
import { startWorld, type World } from '../support/harness.ts';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 240_000 });

type Body = Record<string, unknown>;
let world: World;
let anna: string;

beforeAll(async () => {
  world = await startWorld(['acme-dk'], { backoffice: true });
  await connectCheckout(world, [{ id: 'acme-dk', currency: 'DKK' }], ['B10001', 'A10001']);
  anna = await loginAs(world.platform.app, DEMO_LOGINS.shopper);
});
afterAll(() => world?.close());

const day = (offset: number) =>
  `${new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)}T00:00:00.000Z`;

describe('order comment, requested delivery date and cost center', () => {
  it('refuses a date before the earliest delivery day, then sends all three to the ERP', async () => {
    const address = addressBody(erpAddress(world, 'acme-dk'));
    const order = await placeOrder(
      world,
      anna,
      [
        { product: 'B10001', quantity: 2 },
        { product: 'A10001', quantity: 1 },
      ],
      address,
      { comments: 'Deliver to gate 4.', lineFields: { DateNeeded: day(0), CostCenter: 'CC-4711' } },
    );
    // Today is before today + the standard parcel's transit days (at least one business day).
    expect(order.submit.statusCode, order.submit.body).toBe(400);
    expect(order.submit.body).toContain('dateNeededTooEarly');

    const accepted = await placeOrder(
      world,
      anna,
      [
        { product: 'B10001', quantity: 2 },
        { product: 'A10001', quantity: 1 },
      ],
      address,
      { comments: 'Deliver to gate 4.', lineFields: { DateNeeded: day(30), CostCenter: 'CC-4711' } },
    );
    expect(accepted.submit.statusCode, accepted.submit.body).toBe(200);
    const received = await settledSubmission(world, accepted.id);
    expect(received).toMatchObject({ Outcome: 'Accepted' });
    const salesOrder = await backoffice(world)('GET', `/erp/web-shop-orders/${accepted.id}/sales-order`);
    expect(salesOrder.statusCode, salesOrder.body).toBe(200);
    const view = salesOrder.json() as { comments: string; lines: Body[] };
    expect(view.comments).toBe('Deliver to gate 4.');
    expect(view.lines).toHaveLength(2);
    for (const line of view.lines) {
      expect(line).toMatchObject({ dateNeeded: day(30).slice(0, 10), costCenter: 'CC-4711' });
    }
  });
});
