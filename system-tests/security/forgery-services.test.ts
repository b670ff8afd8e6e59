import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Actor, type Login, ownersOf, signInAll } from './support/actors.ts';
import { OPERATOR_KEYS } from './support/credentials.ts';
import { recordFigures, table } from './support/figures.ts';
import { send } from './support/http.ts';
import { SIZES } from './support/mode.ts';
import { STACK_SECRETS } from './support/secrets.ts';
import {
  erpSignature,
  type NotificationItem,
  notification,
  notificationHmac,
  ocHash,
} from './support/signing.ts';
import { changes, harvestVictim, type Snapshot, snapshot, type Victim } from './support/victims.ts';

const urls = inject('securityUrls');
const middleware = urls.middleware as string;
const rows: Record<string, string | number>[] = [];
const OTHER_KEY = 'a-key-that-is-not-this-deployments-000000';

let actors: Record<Login, Actor>;
let victim: Victim;
let before: Snapshot;

beforeAll(async () => {
  actors = await signInAll(urls.platform as string);
  victim = await harvestVictim(urls.platform as string, 'bauer-de', ownersOf('bauer-de', actors));
  before = await snapshot(victim);
});

afterAll(() => {
  console.log(`Forged, tampered and replayed service messages\n${table(rows)}`);
  recordFigures('forgery.services', {
    checks: rows.length,
    refused: rows.filter((row) => row.ok === 'yes').length,
  });
});

/** Sends one forged message and expects the given status. */
async function expectStatus(
  check: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
  expected: number,
) {
  const exchange = await send(method, url, { headers, body });
  rows.push({ check, status: exchange.status, expected, ok: exchange.status === expected ? 'yes' : 'NO' });
  expect(exchange.status, `${method} ${url.replace(/^https?:\/\/[^/]+/, '')}: ${check}`).toBe(expected);
}

/** Everything the platform signs with X-oc-hash, and a body aimed at the victim's order. */
const OC_SIGNED = [
  '/OrderCalculate',
  '/ShippingRates',
  '/OrderSubmit',
  '/OrderSubmitForApproval',
  '/OrderApproved',
  '/webhooks/presubmit',
  '/webhooks/order-cancelled',
  '/webhooks/address-changed',
  '/webhooks/profile-changed',
  '/subscriptions/success',
  '/subscriptions/failure',
];

describe('messages the middleware trusts', () => {
  it('X-oc-hash: missing, wrong, over another body and under another key are refused', async () => {
    const order = victim.ids.order?.[0] as string;
    const body = JSON.stringify({
      Environment: 'Sandbox',
      OrderWorksheet: { Order: { ID: order, FromCompanyID: 'bauer-de' } },
      Route: 'v1/orders/{direction}/{orderID}/cancel',
      RouteParams: { direction: 'Incoming', orderID: order },
      Verb: 'POST',
    });
    const other = body.replace('bauer-de', 'acme-dk');
    for (const path of OC_SIGNED) {
      await expectStatus(`${path} without X-oc-hash`, 'POST', `${middleware}${path}`, {}, body, 401);
      await expectStatus(
        `${path} wrong X-oc-hash`,
        'POST',
        `${middleware}${path}`,
        { 'x-oc-hash': 'AAAA' },
        body,
        401,
      );
      await expectStatus(
        `${path} hash of another body`,
        'POST',
        `${middleware}${path}`,
        { 'x-oc-hash': ocHash(STACK_SECRETS.CHECKOUT_INTEGRATION_HASH_KEY, other) },
        body,
        401,
      );
      await expectStatus(
        `${path} other key`,
        'POST',
        `${middleware}${path}`,
        { 'x-oc-hash': ocHash(OTHER_KEY, body) },
        body,
        401,
      );
    }
    // Control: the right key gets past the signature check, so the refusals above were the signature's.
    const control = await send('POST', `${middleware}/OrderCalculate`, {
      headers: { 'x-oc-hash': ocHash(STACK_SECRETS.CHECKOUT_INTEGRATION_HASH_KEY, '{}') },
      body: '{}',
    });
    expect(control.status, 'POST /OrderCalculate signed with the stack key (control)').not.toBe(401);
  });

  it('ERP callbacks: missing, wrong, tampered and foreign signatures are refused; a replay changes nothing', async () => {
    const event = (id: string) =>
      JSON.stringify({
        eventId: id,
        type: 'sales-order.status-changed',
        subject: 'SO-ADE-999999',
        sequence: 1,
        occurredAt: new Date().toISOString(),
        data: {
          webShopOrderId: victim.ids.order?.[0],
          orderNumber: 'SO-ADE-999999',
          status: 'Cancelled',
          previousStatus: 'Received',
        },
      });
    const body = event(randomUUID());
    const url = `${middleware}/erp/callbacks`;
    await expectStatus('callback without signature', 'POST', url, {}, body, 401);
    await expectStatus(
      'callback wrong signature',
      'POST',
      url,
      { 'x-erp-signature': 'sha256=00' },
      body,
      401,
    );
    await expectStatus(
      'callback signature of another body',
      'POST',
      url,
      { 'x-erp-signature': erpSignature(STACK_SECRETS.ERP_CALLBACK_SECRET, event(randomUUID())) },
      body,
      401,
    );
    await expectStatus(
      'callback other key',
      'POST',
      url,
      { 'x-erp-signature': erpSignature(OTHER_KEY, body) },
      body,
      401,
    );
    // A correctly signed event about an order the ERP never had, sent again and again: at most one effect.
    const signed = { 'x-erp-signature': erpSignature(STACK_SECRETS.ERP_CALLBACK_SECRET, body) };
    const statuses: number[] = [];
    for (let replay = 0; replay <= SIZES.replays; replay++)
      statuses.push((await send('POST', url, { headers: signed, body })).status);
    rows.push({
      check: `signed callback sent ${statuses.length}×`,
      status: statuses.join('/'),
      expected: '<500',
      ok: statuses.every((status) => status < 500) ? 'yes' : 'NO',
    });
    expect(
      statuses.every((status) => status < 500),
      `POST /erp/callbacks replayed: ${statuses.join(', ')}`,
    ).toBe(true);
  });

  it('gateway notifications: forged ones are refused and record nothing; a replay is recorded once', async () => {
    const url = `${middleware}/webhooks/payments`;
    const operator = {
      [OPERATOR_KEYS.middleware?.header as string]: OPERATOR_KEYS.middleware?.value as string,
    };
    const order = victim.ids.order?.[0] as string;
    const item: NotificationItem = {
      pspReference: `SEC${Date.now()}`,
      merchantAccountCode: 'ActuateStore',
      merchantReference: order,
      amount: { value: 1, currency: 'EUR' },
      eventCode: 'AUTHORISATION',
      success: 'true',
    };
    const withSignature = (signed: NotificationItem, sent: NotificationItem, key: string) =>
      JSON.stringify(
        notification([{ ...sent, additionalData: { hmacSignature: notificationHmac(key, signed) } }]),
      );
    const hmacKey = STACK_SECRETS.PAYMENT_WEBHOOK_HMAC_KEY;
    const otherHex = 'A'.repeat(64);
    await expectStatus(
      'notification without signature',
      'POST',
      url,
      {},
      JSON.stringify(notification([item])),
      401,
    );
    await expectStatus('notification other key', 'POST', url, {}, withSignature(item, item, otherHex), 401);
    await expectStatus(
      'notification amount tampered',
      'POST',
      url,
      {},
      withSignature(item, { ...item, amount: { value: 10_000_000, currency: 'EUR' } }, hmacKey),
      401,
    );
    await expectStatus(
      'notification order tampered',
      'POST',
      url,
      {},
      withSignature({ ...item, merchantReference: 'another-order' }, item, hmacKey),
      401,
    );
    await expectStatus(
      'notification other merchant account',
      'POST',
      url,
      {},
      withSignature(
        { ...item, merchantAccountCode: 'Other' },
        { ...item, merchantAccountCode: 'Other' },
        hmacKey,
      ),
      401,
    );
    const recorded = await send('GET', `${middleware}/payments/orders/${order}`, { headers: operator });
    expect(recorded.text, `GET /payments/orders/${order} after forged notifications`).not.toContain(
      item.pspReference,
    );

    // A genuine notification for an order of nobody's, delivered again and again.
    const genuine: NotificationItem = { ...item, merchantReference: `sec-replay-${Date.now()}` };
    const body = withSignature(genuine, genuine, hmacKey);
    for (let replay = 0; replay <= SIZES.replays; replay++) await send('POST', url, { body });
    const view = await send('GET', `${middleware}/payments/orders/${genuine.merchantReference}`, {
      headers: operator,
    });
    const times = view.text.split(genuine.pspReference).length - 1;
    rows.push({
      check: `genuine notification sent ${SIZES.replays + 1}×`,
      status: view.status,
      expected: 'recorded once',
      ok: times === 1 ? 'yes' : `NO (${times})`,
    });
    expect(times, `GET /payments/orders/${genuine.merchantReference}: ${view.text.slice(0, 300)}`).toBe(1);
  });
});

describe('keys of the gateway, back office and price service', () => {
  it('merchant API, back office and price service refuse missing and wrong keys', async () => {
    const gateway = urls['payment-gateway'] as string;
    for (const headers of [{}, { 'x-api-key': OTHER_KEY }] as Record<string, string>[]) {
      const label = 'x-api-key' in headers ? 'wrong key' : 'no key';
      await expectStatus(
        `gateway payments, ${label}`,
        'POST',
        `${gateway}/v71/payments`,
        headers,
        JSON.stringify({
          merchantAccount: 'ActuateStore',
          amount: { value: 1, currency: 'EUR' },
          reference: 'x',
          paymentMethod: { type: 'scheme' },
        }),
        401,
      );
      await expectStatus(
        `gateway refund, ${label}`,
        'POST',
        `${gateway}/v71/payments/ABC/refunds`,
        headers,
        JSON.stringify({ merchantAccount: 'ActuateStore', amount: { value: 1, currency: 'EUR' } }),
        401,
      );
      await expectStatus(
        `back office customers, ${label}`,
        'GET',
        `${urls.backoffice}/erp/customers/${victim.ids.erpCustomer?.[0]}`,
        headers,
        undefined,
        401,
      );
      await expectStatus(
        `back office sales order, ${label}`,
        'POST',
        `${urls.backoffice}/erp/sales-orders`,
        headers,
        '{}',
        401,
      );
      await expectStatus(
        `middleware operator view, ${label}`,
        'GET',
        `${middleware}/payments/orders/${victim.ids.order?.[0]}`,
        headers,
        undefined,
        401,
      );
      await expectStatus(
        `price service customer price, ${label}`,
        'POST',
        `${urls['price-service']}/price/salesitem/${victim.ids.product?.[0]}/salesprice/currency/EUR`,
        headers,
        JSON.stringify({
          customer: { salesCompanyId: 'ADE', customerErpId: victim.ids.erpCustomer?.[0] },
          quantity: 1,
        }),
        401,
      );
      await expectStatus(
        `price service order calculation, ${label}`,
        'POST',
        `${urls['price-service']}/ordercalculate`,
        headers,
        '{}',
        401,
      );
    }
  });

  it('the gateway client API refuses an unknown client key and a session it did not issue', async () => {
    const gateway = urls['payment-gateway'] as string;
    const session = victim.ids.session?.[0] ?? 'CS00000000000000';
    const headers = { origin: 'http://localhost:3000' };
    const body = JSON.stringify({
      sessionData: 'forged',
      paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_4111111111111111' },
    });
    const unknownKey = await send(
      'POST',
      `${gateway}/checkoutshopper/v1/sessions/${session}/payments?clientKey=test_UNKNOWNCLIENTKEY0000000000000`,
      { headers, body },
    );
    rows.push({
      check: 'client API, unknown client key',
      status: unknownKey.status,
      expected: '401/403',
      ok: [401, 403].includes(unknownKey.status) ? 'yes' : 'NO',
    });
    expect(
      [401, 403],
      `POST /checkoutshopper/v1/sessions/${session}/payments with an unknown clientKey → ${unknownKey.status}`,
    ).toContain(unknownKey.status);
  });

  it('nothing of the victim changed', async () => {
    expect(changes(before, await snapshot(victim))).toEqual([]);
  });
});
