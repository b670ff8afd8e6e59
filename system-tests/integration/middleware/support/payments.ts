/**
 * Payments through the middleware and the real gateway: Anna's card-payment order, the gateway
 * session, the platform's pre-submit check, the platform payment, and gateway webhooks signed as the
 * gateway signs them.
 */
import { DEMO_LOGINS } from '@actuate/catalog-data';
import { ORDER_SUBMIT_ROUTE } from '@actuate/contracts';
import { notificationHmac, type SignedNotificationFields } from '@actuate/contracts/signatures';
import { DEMO_SECRETS } from '../../../../apps/middleware/src/config.ts';
import { storefrontKey } from '../../../../apps/middleware/src/testing/requests.ts';
import { seedSmallCatalog } from '../../../../apps/platform/src/testing/catalog-fixtures.ts';
import { call, expectOk, loginAs } from '../../../../apps/platform/src/testing/harness.ts';
import { signedPost, startWorld, type World } from './harness.ts';

/** ACME Denmark with the gateway and the small catalogue, and the token of Anna, its shopper. */
export async function startPaymentsWorld(): Promise<{ world: World; annaToken: string }> {
  const world = await startWorld(['acme-dk'], { gateway: true });
  await seedSmallCatalog(world.platform, ['acme-dk']);
  return { world, annaToken: await loginAs(world.platform.app, DEMO_LOGINS.shopper) };
}

/** An order of the buyer's, not submitted: `quantity` of one actuator and a card payment; its total. */
export async function cardPaymentOrder(
  world: World,
  token: string,
  order: { quantity: number; customerReference: string },
): Promise<{ id: string; total: number; currency: string }> {
  const platform = world.platform.app;
  const created = await expectOk<{ ID: string }>(
    await call(platform, token, 'POST', '/v1/orders/Outgoing', {
      xp: { CustomerReference: order.customerReference },
    }),
    201,
  );
  const url = `/v1/orders/Outgoing/${created.ID}`;
  await expectOk(
    await call(platform, token, 'POST', `${url}/lineitems`, {
      ProductID: 'la-24-hall',
      Quantity: order.quantity,
    }),
    201,
  );
  await expectOk(await call(platform, token, 'POST', `${url}/payments`, { Type: 'CreditCard' }), 201);
  const read = await expectOk<{ Total: number; Currency: string }>(await call(platform, token, 'GET', url));
  return { id: created.ID, total: read.Total, currency: read.Currency };
}

/** The storefront's request for a gateway session for the order. */
export const createSession = (world: World, orderId: string, token: string, countryCode?: string) =>
  world.middleware.inject({
    method: 'POST',
    url: '/payments/sessions',
    headers: { ...storefrontKey, authorization: `Bearer ${token}` },
    payload: {
      orderId,
      returnUrl: 'http://localhost:3000/en/checkout/return',
      ...(countryCode ? { countryCode } : {}),
    },
  });

/** The platform's pre-submit webhook for the order, as the platform signs it. */
export const preSubmit = (world: World, orderID: string) =>
  signedPost(world.middleware, '/webhooks/presubmit', {
    Route: ORDER_SUBMIT_ROUTE,
    RouteParams: { direction: 'Outgoing', orderID },
    Verb: 'POST',
    Date: new Date().toISOString(),
    Request: { Body: {} },
    ConfigData: {},
  });

/** The order's card payment on the platform, as the admin reads it. */
export async function platformCardPayment(world: World, orderId: string) {
  const list = await call(
    world.platform.app,
    world.platform.adminToken,
    'GET',
    `/v1/orders/All/${orderId}/payments`,
  );
  return (list.json().Items as Record<string, unknown>[]).find((item) => item.Type === 'CreditCard') as {
    Accepted: boolean;
    xp: Record<string, unknown>;
    Transactions: { Type: string; Succeeded: boolean; Amount: number; xp: Record<string, unknown> }[];
  };
}

/** A webhook body of one notification item, signed as the gateway signs it. */
export function signedNotification(item: SignedNotificationFields & Record<string, unknown>) {
  return {
    live: 'false',
    notificationItems: [
      {
        NotificationRequestItem: {
          ...item,
          additionalData: { hmacSignature: notificationHmac(DEMO_SECRETS.PAYMENT_WEBHOOK_HMAC_KEY, item) },
        },
      },
    ],
  };
}
