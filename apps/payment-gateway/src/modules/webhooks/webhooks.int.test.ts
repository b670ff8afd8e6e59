import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyNotificationHmac } from '@actuate/contracts/signatures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WEBHOOK_HMAC_KEY } from '../../config.ts';
import { DEMO, merchantCall, paymentRequest, testCardMethod, useTestGateway } from '../../testing/index.ts';

interface Received {
  eventCode: string;
  pspReference: string;
  originalReference?: string;
  success: string;
  item: Record<string, unknown> & { additionalData: { hmacSignature: string } };
}

let server: Server;
const received: Received[] = [];
/** How many of the next requests to reject with 500 (to exercise retries). */
let rejectNext = 0;
let attempts = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      attempts += 1;
      if (rejectNext > 0) {
        rejectNext -= 1;
        response.writeHead(500).end('not now');
        return;
      }
      const parsed = JSON.parse(body) as {
        live: string;
        notificationItems: { NotificationRequestItem: Received['item'] }[];
      };
      for (const { NotificationRequestItem: item } of parsed.notificationItems) {
        received.push({
          eventCode: item.eventCode as string,
          pspReference: item.pspReference as string,
          ...(item.originalReference ? { originalReference: item.originalReference as string } : {}),
          success: item.success as string,
          item,
        });
      }
      response.writeHead(200, { 'content-type': 'text/plain' }).end('[accepted]');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});
// Registered after the receiver's hooks: the gateway starts once the receiver listens, and its
// afterAll runs first (after-hooks run in reverse), so it closes before the receiver.
const gateway = useTestGateway(() => ({
  PAYMENT_WEBHOOK_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/payments`,
  WEBHOOK_RETRY_LIMIT: '5',
  WEBHOOK_RETRY_DELAY_SECONDS: '1',
}));

async function waitFor<T>(check: () => T | undefined, timeoutMs = 25_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('webhooks', () => {
  it('delivers AUTHORISATION, CAPTURE and REFUND in order, signed, retrying until accepted', async () => {
    rejectNext = 2;
    const payment = (
      await merchantCall(
        gateway.app,
        'POST',
        '/v71/payments',
        paymentRequest(testCardMethod('4111111111111111')),
      )
    ).json();
    const psp = payment.pspReference as string;
    const modify = (path: string, value: number) =>
      merchantCall(gateway.app, 'POST', `/v71/payments/${psp}/${path}`, {
        merchantAccount: DEMO.merchantAccount,
        amount: { currency: 'EUR', value },
      });
    await modify('captures', 1000);
    await modify('refunds', 400);
    const events = await waitFor(() => {
      const mine = received.filter((event) => event.pspReference === psp || event.originalReference === psp);
      return mine.length >= 3 ? mine : undefined;
    });
    expect(events.map((event) => event.eventCode)).toEqual(['AUTHORISATION', 'CAPTURE', 'REFUND']);
    expect(attempts).toBeGreaterThanOrEqual(5);
    const [authorisation, capture] = events;
    expect(authorisation?.item).toMatchObject({
      merchantAccountCode: DEMO.merchantAccount,
      merchantReference: payment.merchantReference,
      amount: { currency: 'EUR', value: 1000 },
      success: 'true',
      eventDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/),
    });
    expect(capture?.originalReference).toBe(psp);
    for (const event of events) {
      expect(
        verifyNotificationHmac(
          DEMO_WEBHOOK_HMAC_KEY,
          event.item as never,
          event.item.additionalData.hmacSignature,
        ),
      ).toBe(true);
    }
    const log = (
      await merchantCall(gateway.app, 'GET', `/v71/webhooks/deliveries?pspReference=${psp}`)
    ).json();
    const authorisationEntry = log.deliveries.find(
      (entry: { eventCode: string }) => entry.eventCode === 'AUTHORISATION',
    );
    expect(authorisationEntry).toMatchObject({ state: 'delivered', attempts: 3, lastStatusCode: 200 });
  }, 40_000);

  it('reports refusals, failed captures and cancellations', async () => {
    const refused = (
      await merchantCall(
        gateway.app,
        'POST',
        '/v71/payments',
        paymentRequest(testCardMethod('4111111111111111', { holderName: 'DECLINED' })),
      )
    ).json();
    const failing = (
      await merchantCall(
        gateway.app,
        'POST',
        '/v71/payments',
        paymentRequest(testCardMethod('4111111111111111', { holderName: 'capture failed' })),
      )
    ).json();
    await merchantCall(gateway.app, 'POST', `/v71/payments/${failing.pspReference}/captures`, {
      merchantAccount: DEMO.merchantAccount,
    });
    const cancelled = (
      await merchantCall(
        gateway.app,
        'POST',
        '/v71/payments',
        paymentRequest(testCardMethod('4111111111111111')),
      )
    ).json();
    await merchantCall(gateway.app, 'POST', `/v71/payments/${cancelled.pspReference}/cancels`, {
      merchantAccount: DEMO.merchantAccount,
    });
    const released = (
      await merchantCall(
        gateway.app,
        'POST',
        '/v71/payments',
        paymentRequest(testCardMethod('4111111111111111')),
      )
    ).json();
    await merchantCall(gateway.app, 'POST', `/v71/payments/${released.pspReference}/captures`, {
      merchantAccount: DEMO.merchantAccount,
      amount: { currency: released.amount.currency, value: 300 },
    });
    await merchantCall(gateway.app, 'POST', `/v71/payments/${released.pspReference}/cancels`, {
      merchantAccount: DEMO.merchantAccount,
    });
    const find = (psp: string, code: string) =>
      received.find(
        (event) =>
          (event.pspReference === psp || event.originalReference === psp) && event.eventCode === code,
      );
    const refusal = await waitFor(() => find(refused.pspReference, 'AUTHORISATION'));
    expect(refusal).toMatchObject({ success: 'false', item: { reason: 'Refused' } });
    expect(await waitFor(() => find(failing.pspReference, 'CAPTURE_FAILED'))).toBeDefined();
    expect(await waitFor(() => find(cancelled.pspReference, 'CANCELLATION'))).toMatchObject({
      success: 'true',
    });
    // After a partial capture, the cancel releases only what was not captured.
    expect(await waitFor(() => find(released.pspReference, 'CANCELLATION'))).toMatchObject({
      success: 'true',
      item: { amount: { value: released.amount.value - 300 } },
    });
  }, 40_000);

  it('keeps AUTHORISATION before CAPTURE when both come from one transaction (immediate capture)', async () => {
    const payments = await Promise.all(
      Array.from({ length: 8 }, async () =>
        (
          await merchantCall(gateway.app, 'POST', '/v71/payments', {
            ...paymentRequest(testCardMethod('4111111111111111')),
            captureDelayHours: 0,
          })
        ).json(),
      ),
    );
    for (const payment of payments) {
      const events = await waitFor(() => {
        const mine = received.filter(
          (event) =>
            event.pspReference === payment.pspReference || event.originalReference === payment.pspReference,
        );
        return mine.length >= 2 ? mine : undefined;
      });
      expect(events.map((event) => event.eventCode)).toEqual(['AUTHORISATION', 'CAPTURE']);
    }
  }, 40_000);

  it('drains a backlog in bursts, not one notification per poll', async () => {
    const payments = await Promise.all(
      Array.from({ length: 40 }, async () =>
        (
          await merchantCall(
            gateway.app,
            'POST',
            '/v71/payments',
            paymentRequest(testCardMethod('5555555555554444')),
          )
        ).json(),
      ),
    );
    const started = Date.now();
    await waitFor(() =>
      payments.every((payment) => received.some((event) => event.pspReference === payment.pspReference))
        ? true
        : undefined,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 40_000);

  it('requires the API key for the delivery log and validates its query', async () => {
    expect((await gateway.app.inject({ url: '/v71/webhooks/deliveries' })).statusCode).toBe(401);
    expect((await merchantCall(gateway.app, 'GET', '/v71/webhooks/deliveries?limit=0')).statusCode).toBe(400);
  });
});
