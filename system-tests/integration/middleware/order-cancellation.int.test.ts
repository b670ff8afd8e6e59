/**
 * Orders cancelled or declined on the platform, across the real platform (its post-hook webhook),
 * middleware, payment gateway and back office: the card authorisation is voided once, the ERP's
 * sales order is cancelled, and a forged or repeated webhook changes nothing more.
 */
import { DEMO_LOGINS } from '@actuate/catalog-data';
import { toMinorUnits } from '@actuate/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_SECRETS } from '../../../apps/middleware/src/config.ts';
import { ORDER_CANCELLED_PATH } from '../../../apps/middleware/src/modules/order-events/routes.ts';
import { payments as gatewayPayments } from '../../../apps/payment-gateway/src/modules/payments/schema.ts';
import { DEMO, paymentRequest, testCardMethod } from '../../../apps/payment-gateway/src/testing/index.ts';
import { call, expectOk, loginAs } from '../../../apps/platform/src/testing/harness.ts';
import {
  addressBody,
  backoffice,
  connectCheckout,
  erpAddress,
  placeOrder,
  platformAdmin,
  platformOrder,
  requireApprovalOfEveryOrder,
  settledSubmission,
  waitFor,
} from './support/checkout.ts';
import { HASH_KEY, signedPost, startWorld, type World } from './support/harness.ts';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 240_000 });

type Body = Record<string, unknown>;
const CANCEL_ROUTE = 'v1/orders/{direction}/{orderID}/cancel';
const DECLINE_ROUTE = 'v1/orders/{direction}/{orderID}/decline';

let world: World;
let admin: ReturnType<typeof platformAdmin>;
let anna: string;
let acmeAddress: Body;
// Every call the middleware makes goes through fetch: count the gateway cancels.
const fetchSpy = vi.spyOn(globalThis, 'fetch');
const gatewayCancels = (psp: string) =>
  fetchSpy.mock.calls.filter(([url]) => String(url).endsWith(`/payments/${psp}/cancels`)).length;

beforeAll(async () => {
  world = await startWorld(['acme-dk'], {
    gateway: true,
    backoffice: true,
    platformEnv: { JOB_POLLING_INTERVAL_SECONDS: '1' },
  });
  await connectCheckout(world, [{ id: 'acme-dk', currency: 'DKK' }], ['B10001']);
  admin = platformAdmin(world);
  // As the platform's demo wiring does (checkout-wiring.ts).
  await expectOk(
    await admin('POST', '/v1/webhooks', {
      ID: 'ordercancelled',
      Name: 'Order cancelled or declined',
      Url: `${world.middlewareUrl}${ORDER_CANCELLED_PATH}`,
      HashKey: HASH_KEY,
      BeforeProcessRequest: false,
      WebhookRoutes: [
        { Route: CANCEL_ROUTE, Verb: 'POST' },
        { Route: DECLINE_ROUTE, Verb: 'POST' },
      ],
    }),
    201,
  );
  anna = await loginAs(world.platform.app, DEMO_LOGINS.shopper);
  acmeAddress = addressBody(erpAddress(world, 'acme-dk'));
});
afterAll(async () => {
  fetchSpy.mockRestore();
  await world?.close();
});

const records = async (orderId: string) =>
  (
    await world.middleware.inject({
      url: `/payments/orders/${orderId}`,
      headers: { 'x-api-key': DEMO_SECRETS.MIDDLEWARE_ADMIN_KEY },
    })
  ).json() as {
    authorised: Record<string, number>;
    notifications: { eventCode: string; success: boolean }[];
  };

const gatewayStatus = async (psp: string) => {
  const database = world.gateway?.database;
  if (!database) throw new Error('no gateway');
  const [row] = await database.db.select().from(gatewayPayments).where(eq(gatewayPayments.pspReference, psp));
  return row?.status;
};

const cardPayment = async (orderId: string) =>
  (await expectOk<{ Items: Body[] }>(await admin('GET', `/v1/orders/All/${orderId}/payments`))).Items.find(
    (payment) => payment.Type === 'CreditCard',
  );

/** Anna's order paid by card: priced, authorised at the gateway for its total, then submitted. */
async function cardOrder(): Promise<{ id: string; psp: string; currency: string; submit: Body }> {
  let psp = '';
  let currency = '';
  const order = await placeOrder(world, anna, [{ product: 'B10001', quantity: 1 }], acmeAddress, {
    payment: 'CreditCard',
    beforeSubmit: async (orderId) => {
      const priced = await expectOk<{ Total: number; Currency: string }>(
        await call(world.platform.app, anna, 'GET', `/v1/orders/Outgoing/${orderId}`),
      );
      currency = priced.Currency;
      const payment = await world.gateway?.app.inject({
        method: 'POST',
        url: '/v71/payments',
        headers: { 'x-api-key': DEMO.apiKey },
        payload: paymentRequest(testCardMethod('4111111111111111'), {
          amount: { value: toMinorUnits(priced.Total, currency), currency },
          reference: orderId,
        }),
      });
      expect(payment?.json()).toMatchObject({ resultCode: 'Authorised' });
      psp = payment?.json().pspReference;
      // The AUTHORISATION webhook reaches the platform payment, which is then Accepted.
      await waitFor(async () => ((await cardPayment(orderId))?.Accepted === true ? true : undefined));
    },
  });
  expect(order.submit.statusCode, order.submit.body).toBe(200);
  return { id: order.id, psp, currency, submit: order.submit.json() };
}

/** The authorisation voided: gateway payment cancelled, CANCELLATION recorded, a Void on the platform payment. */
async function expectVoided(order: { id: string; psp: string; currency: string }) {
  await waitFor(async () =>
    (await records(order.id)).notifications.some((row) => row.eventCode === 'CANCELLATION' && row.success)
      ? true
      : undefined,
  );
  expect(await gatewayStatus(order.psp)).toBe('cancelled');
  expect((await records(order.id)).authorised[order.currency]).toBe(0);
  const payment = await waitFor(async () => {
    const card = await cardPayment(order.id);
    const transactions = (card?.Transactions ?? []) as Body[];
    return transactions.some((transaction) => transaction.Type === 'Void') ? card : undefined;
  });
  expect(payment.Transactions).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ Type: 'Authorization', Succeeded: true }),
      expect.objectContaining({
        Type: 'Void',
        Succeeded: true,
        xp: expect.objectContaining({ EventCode: 'CANCELLATION' }),
      }),
    ]),
  );
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('orders cancelled on the platform', () => {
  it('an open order in the ERP, cancelled on the platform: authorisation voided once, ERP order cancelled', async () => {
    const order = await cardOrder();
    expect(order.submit).toMatchObject({ Status: 'Open' });
    const submitted = await settledSubmission(world, order.id);
    expect(submitted).toMatchObject({ Outcome: 'Accepted', WebShopStatus: 'Received' });
    const orderNumber = submitted.OrderNumber as string;

    // The seller's order admin cancels it (buyers cancel orders only before they are Open).
    const cancelled = await admin('POST', `/v1/orders/All/${order.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ Status: 'Canceled' });

    await expectVoided(order);
    const salesOrder = await waitFor(async () => {
      const current = (await backoffice(world)('GET', `/erp/sales-orders/${orderNumber}`)).json() as Body;
      return current.status === 'Cancelled' ? current : undefined;
    });
    expect(salesOrder).toMatchObject({ cancellationReason: 'Cancelled in the web shop' });
    await waitFor(async () => {
      const current = await platformOrder(world, order.id);
      return (current.xp as Body).WebShopStatus === 'Cancelled' ? current : undefined;
    });
    // The ERP's own Cancelled callback comes back: no second gateway call, the order stays Canceled.
    await waitFor(async () => {
      const row = (
        await world.middleware.inject({
          url: `/erp/orders/${order.id}`,
          headers: { 'x-api-key': DEMO_SECRETS.MIDDLEWARE_ADMIN_KEY },
        })
      ).json() as Body;
      return row.WebShopStatus === 'Cancelled' ? row : undefined;
    });
    await settle(2_000);
    expect(gatewayCancels(order.psp)).toBe(1);
    expect(await platformOrder(world, order.id)).toMatchObject({ Status: 'Canceled' });
  });

  describe('orders awaiting approval', () => {
    let removeRule: () => Promise<void>;
    beforeAll(async () => {
      removeRule = await requireApprovalOfEveryOrder(world);
    });
    afterAll(() => removeRule?.());

    it('cancelled by the buyer while it awaits approval: authorisation voided', async () => {
      const order = await cardOrder();
      expect(order.submit).toMatchObject({ Status: 'AwaitingApproval' });
      const cancelled = await call(
        world.platform.app,
        anna,
        'POST',
        `/v1/orders/Outgoing/${order.id}/cancel`,
      );
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      await expectVoided(order);
      expect(gatewayCancels(order.psp)).toBe(1);
    });

    it('declined by the approver: authorisation voided', async () => {
      const order = await cardOrder();
      expect(order.submit).toMatchObject({ Status: 'AwaitingApproval' });
      const approver = await loginAs(world.platform.app, DEMO_LOGINS.buyerAdminApprover);
      const declined = await call(
        world.platform.app,
        approver,
        'POST',
        `/v1/orders/Incoming/${order.id}/decline`,
        {
          Comments: 'Not this quarter',
        },
      );
      expect(declined.statusCode, declined.body).toBe(200);
      expect(declined.json()).toMatchObject({ Status: 'Declined' });
      await expectVoided(order);
      expect(gatewayCancels(order.psp)).toBe(1);
    });

    it('the same webhook delivered twice makes one gateway call; a wrong signature is refused and changes nothing', async () => {
      const order = await cardOrder();
      const payload = {
        Route: CANCEL_ROUTE,
        RouteParams: { direction: 'Outgoing', orderID: order.id },
        QueryParams: {},
        Verb: 'POST',
        Date: new Date().toISOString(),
        LogID: `log-${order.id}`,
        UserToken: anna,
        Request: { Body: null, Headers: {} },
        Response: { Body: { ID: order.id, Status: 'Canceled' }, Headers: {} },
        ConfigData: null,
      };

      const forged = await signedPost(
        world.middleware,
        ORDER_CANCELLED_PATH,
        payload,
        'not-the-hash-key-at-all',
      );
      expect(forged.statusCode).toBe(401);
      expect(forged.headers['content-type']).toContain('application/problem+json');
      await settle(2_000);
      expect(gatewayCancels(order.psp)).toBe(0);
      expect(await gatewayStatus(order.psp)).toBe('authorised');
      expect((await records(order.id)).authorised[order.currency]).toBeGreaterThan(0);

      const first = await signedPost(world.middleware, ORDER_CANCELLED_PATH, payload);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ outcome: 'accepted', orderId: order.id });
      const second = await signedPost(world.middleware, ORDER_CANCELLED_PATH, payload);
      expect(second.json()).toMatchObject({ outcome: 'duplicate', orderId: order.id });
      await expectVoided(order);
      await settle(2_000);
      expect(gatewayCancels(order.psp)).toBe(1);
    });
  });
});
