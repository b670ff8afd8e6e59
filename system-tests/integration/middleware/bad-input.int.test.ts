import { erpSignature, notificationHmac } from '@actuate/contracts/signatures';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_SECRETS } from '../../../apps/middleware/src/config.ts';
import { signedPost, startWorld, type World } from './support/harness.ts';
import { orderSubmitEvent } from './support/orders.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 240_000 });

let world: World;
beforeAll(async () => {
  world = await startWorld(['acme-dk']);
});
afterAll(() => world?.close());

const admin = { 'x-api-key': DEMO_SECRETS.MIDDLEWARE_ADMIN_KEY };

type Answer = Awaited<ReturnType<World['middleware']['inject']>>;
function expectRefused(response: Answer): void {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.headers['content-type']).toContain('application/problem+json');
  expect(response.json().type).toBe('urn:actuate:problem:validation');
}

/** Input no database can store is a 400 problem, never a 500, on every route. */
describe('middleware: NUL bytes and unpaired surrogates', () => {
  it.each([
    '/erp/orders/a%00b',
    '/payments/orders/%00',
    '/subscriptions/orders/%00',
    '/subscriptions/failures?subscriptionId=%00',
    '/erp/orders/x?constructor=%00',
  ])('refuses GET %s with a 400', async (url) => {
    expectRefused(await world.middleware.inject({ url, headers: admin }));
  });

  it('refuses a correctly signed ERP callback holding an unpaired surrogate', async () => {
    const body = JSON.stringify({
      eventId: 'evt-surrogate',
      type: 'sales-order.status-changed',
      subject: 'SO-\ud800',
      sequence: 2,
      data: { webShopOrderId: 'order-\ud800', orderNumber: 'SO-1', status: 'Confirmed' },
    });
    expectRefused(
      await world.middleware.inject({
        method: 'POST',
        url: '/erp/callbacks',
        headers: {
          'content-type': 'application/json',
          'x-erp-signature': erpSignature(DEMO_SECRETS.ERP_CALLBACK_SECRET, body),
        },
        payload: body,
      }),
    );
  });

  it('refuses a correctly signed OrderCloud integration event holding an unpaired surrogate', async () => {
    const { orderId, event } = orderSubmitEvent(world, [{ salesItemNumber: 'B10001', quantity: 1 }]);
    event.OrderWorksheet.Order.ID = `${orderId}-\udc00`;
    expectRefused(await signedPost(world.middleware, '/OrderSubmit', event));
    expectRefused(await signedPost(world.middleware, '/OrderCalculate', event));
    // Nothing was recorded for the order.
    const stored = await world.middleware.inject({ url: `/erp/orders/${orderId}`, headers: admin });
    expect(stored.statusCode).toBe(404);
  });

  it('refuses a correctly signed payment notification holding an unpaired surrogate or a NUL', async () => {
    for (const merchantReference of ['order-\ud800', 'order-\u0000']) {
      const item = {
        pspReference: 'QX7B2K9M4N8P1R5Z',
        merchantAccountCode: 'ActuateStore',
        merchantReference,
        amount: { value: 1_000, currency: 'DKK' },
        eventCode: 'AUTHORISATION',
        eventDate: '2026-11-22T10:00:00+00:00',
        success: 'true',
        reason: '',
        paymentMethod: 'visa',
      };
      const hmacSignature = notificationHmac(DEMO_SECRETS.PAYMENT_WEBHOOK_HMAC_KEY, item);
      const response = await world.middleware.inject({
        method: 'POST',
        url: '/webhooks/payments',
        payload: {
          live: 'false',
          notificationItems: [{ NotificationRequestItem: { ...item, additionalData: { hmacSignature } } }],
        },
      });
      expectRefused(response);
    }
  });
});
