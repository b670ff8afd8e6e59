import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyNotificationHmac } from '@actuate/contracts/signatures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WEBHOOK_HMAC_KEY } from '../../config.ts';
import { dashboardGet, dashboardPost, signInToDashboard } from '../../testing/dashboard.ts';
import { merchantCall, paymentRequest, testCardMethod, useTestGateway } from '../../testing/index.ts';
import { upsertMerchant } from '../merchants/repository.ts';
import { insertNotification } from '../webhooks/repository.ts';

interface Received {
  eventCode: string;
  pspReference: string;
  item: Record<string, unknown> & { additionalData: { hmacSignature: string } };
}

let server: Server;
const received: Received[] = [];
/** How many of the next requests to answer with 500 and a body. */
let rejectNext = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      if (rejectNext > 0) {
        rejectNext -= 1;
        response.writeHead(500).end('receiver is down for maintenance');
        return;
      }
      const parsed = JSON.parse(body) as {
        notificationItems: { NotificationRequestItem: Received['item'] }[];
      };
      for (const { NotificationRequestItem: item } of parsed.notificationItems) {
        received.push({
          eventCode: item.eventCode as string,
          pspReference: item.pspReference as string,
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
const gateway = useTestGateway(() => ({
  PAYMENT_WEBHOOK_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/payments`,
  WEBHOOK_RETRY_LIMIT: '0',
  DASHBOARD_LOGIN_ATTEMPTS_PER_MINUTE: '1000',
}));

async function waitFor<T>(
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 25_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** A row of the log linking to an AUTHORISATION notification (the filter's options name it too). */
const AUTHORISATION_ROW = /webhooks\/\d+">AUTHORISATION</;

const receivedFor = (psp: string) => received.filter((event) => event.pspReference === psp);

async function pay() {
  const response = await merchantCall(
    gateway.app,
    'POST',
    '/v71/payments',
    paymentRequest(testCardMethod('4111111111111111')),
  );
  return response.json().pspReference as string;
}

/** The id of the notification with that event code and reference, read from the delivery log page. */
async function notificationId(browser: Awaited<ReturnType<typeof signInToDashboard>>, psp: string) {
  const page = await dashboardGet(gateway.app, browser, `/dashboard/webhooks?pspReference=${psp}`);
  const id = /href="\/dashboard\/webhooks\/(\d+)">AUTHORISATION</.exec(page.body)?.[1];
  if (!id) throw new Error('notification not in the log');
  return id;
}

describe('dashboard: webhook delivery log', () => {
  it('lists notifications with attempts, answers and the payload, never the HMAC key', async () => {
    const psp = await pay();
    await waitFor(() => receivedFor(psp).length > 0);
    const browser = await signInToDashboard(gateway.app);
    const id = await notificationId(browser, psp);
    const detail = await waitFor(async () => {
      const page = await dashboardGet(gateway.app, browser, `/dashboard/webhooks/${id}`);
      return page.body.includes('HTTP 200') ? page : undefined;
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain('[accepted]');
    expect(detail.body).toContain('Scheduled');
    expect(detail.body).toContain('&#34;eventCode&#34;: &#34;AUTHORISATION&#34;');
    const signature = receivedFor(psp)[0]?.item.additionalData.hmacSignature as string;
    expect(detail.body).toContain(signature);
    expect(detail.body).not.toContain(DEMO_WEBHOOK_HMAC_KEY);
  });

  it('filters by event code and by delivery state, and records a failed attempt with its answer', async () => {
    rejectNext = 1;
    const psp = await pay();
    const browser = await signInToDashboard(gateway.app);
    const failedList = await waitFor(async () => {
      const page = await dashboardGet(
        gateway.app,
        browser,
        `/dashboard/webhooks?state=failed&pspReference=${psp}`,
      );
      return AUTHORISATION_ROW.test(page.body) ? page : undefined;
    });
    expect(failedList.body).toContain('HTTP 500');
    const delivered = await dashboardGet(
      gateway.app,
      browser,
      `/dashboard/webhooks?state=delivered&pspReference=${psp}`,
    );
    expect(delivered.body).toContain('No webhooks match.');
    const captures = await dashboardGet(gateway.app, browser, '/dashboard/webhooks?eventCode=CAPTURE');
    expect(captures.body).not.toMatch(AUTHORISATION_ROW);
    const id = await notificationId(browser, psp);
    const detail = await dashboardGet(gateway.app, browser, `/dashboard/webhooks/${id}`);
    expect(detail.body).toContain('receiver is down for maintenance');
    const bad = await dashboardGet(gateway.app, browser, '/dashboard/webhooks?state=lost');
    expect(bad.statusCode).toBe(400);
  });

  it('resends a notification: the receiver gets it again and the attempt is recorded', async () => {
    const psp = await pay();
    await waitFor(() => receivedFor(psp).length === 1);
    const browser = await signInToDashboard(gateway.app);
    const id = await notificationId(browser, psp);
    const resent = await dashboardPost(gateway.app, browser, `/dashboard/webhooks/${id}/resend`);
    expect(resent.statusCode).toBe(303);
    expect(resent.headers.location).toBe(`/dashboard/webhooks/${id}?notice=resent`);
    await waitFor(() => receivedFor(psp).length === 2);
    const [first, again] = receivedFor(psp);
    expect(again?.item).toEqual(first?.item);
    const detail = await waitFor(async () => {
      const page = await dashboardGet(gateway.app, browser, `/dashboard/webhooks/${id}`);
      return page.body.includes('<td>Resend</td>') ? page : undefined;
    });
    expect(detail.body.match(/HTTP 200/g)?.length).toBe(2);
  });

  it('signs deliveries and resends with a rotated HMAC key from then on', async () => {
    const psp = await pay();
    await waitFor(() => receivedFor(psp).length === 1);
    const browser = await signInToDashboard(gateway.app);
    const rotated = await dashboardPost(gateway.app, browser, '/dashboard/keys/hmac');
    const newKey = /<code class="secret">([0-9A-F]{64})<\/code>/.exec(rotated.body)?.[1];
    if (!newKey) throw new Error('no HMAC key shown');
    const id = await notificationId(browser, psp);
    await dashboardPost(gateway.app, browser, `/dashboard/webhooks/${id}/resend`);
    const [original, resent] = await waitFor(() =>
      receivedFor(psp).length === 2 ? receivedFor(psp) : undefined,
    );
    const verify = (key: string, event: Received | undefined) =>
      verifyNotificationHmac(key, event?.item as never, event?.item.additionalData.hmacSignature);
    expect(verify(DEMO_WEBHOOK_HMAC_KEY, original)).toBe(true);
    expect(verify(newKey, resent)).toBe(true);
    expect(verify(DEMO_WEBHOOK_HMAC_KEY, resent)).toBe(false);
    const next = await pay();
    const [fresh] = await waitFor(() => (receivedFor(next).length > 0 ? receivedFor(next) : undefined));
    expect(verify(newKey, fresh)).toBe(true);
  });

  it("never shows or resends another merchant's notification", async () => {
    const db = gateway.database.db;
    await upsertMerchant(db, { account: 'OtherMerchant', webhookUrl: null, hmacKeyHex: 'CD'.repeat(32) });
    const otherId = await insertNotification(db, {
      merchantAccount: 'OtherMerchant',
      paymentPspReference: 'OTHERPSP0000001',
      pspReference: 'OTHERPSP0000001',
      eventCode: 'AUTHORISATION',
      success: 'true',
      body: { live: 'false', notificationItems: [] },
      webhookUrl: null,
    });
    const browser = await signInToDashboard(gateway.app);
    expect((await dashboardGet(gateway.app, browser, `/dashboard/webhooks/${otherId}`)).statusCode).toBe(404);
    const resend = await dashboardPost(gateway.app, browser, `/dashboard/webhooks/${otherId}/resend`);
    expect(resend.statusCode).toBe(404);
    const list = await dashboardGet(gateway.app, browser, '/dashboard/webhooks');
    expect(list.body).not.toContain('OTHERPSP0000001');
  });
});
