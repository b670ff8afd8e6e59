import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  merchantCall,
  OTHER_MERCHANT,
  PRODUCTION_ENV,
  paymentRequest,
  provisionOtherMerchant,
  startTestGateway,
  useTestGateway,
} from '../../testing/index.ts';
import { payments } from '../payments/schema.ts';
import { notifications } from '../webhooks/schema.ts';

const gateway = useTestGateway();
beforeAll(() => provisionOtherMerchant(gateway));

/** A bank transfer of the demo merchant (or another's), pending until the simulator settles it. */
async function presentTransfer(merchant: { merchantAccount: string; apiKey: string } = DEMO) {
  const request = paymentRequest(
    { type: 'bankTransfer_IBAN' },
    { merchantAccount: merchant.merchantAccount },
  );
  const response = await merchantCall(gateway.app, 'POST', '/v71/payments', request, {
    'x-api-key': merchant.apiKey,
  });
  expect(response.json()).toMatchObject({ resultCode: 'PresentToShopper' });
  return { reference: request.reference, pspReference: response.json().pspReference as string };
}

const pendingList = (query: string, headers: Record<string, string> = {}) =>
  gateway.app.inject({ method: 'GET', url: `/sandbox/pending${query}`, headers });

/** The simulator page's path of a listed payment, as the tester follows its link. */
async function stepPath(reference: string) {
  const href = /href="([^"]+\/shopper\/[^"]+)"/.exec(
    (await pendingList(`?reference=${reference}`)).body,
  )?.[1];
  if (!href) throw new Error(`${reference} is not in the pending list`);
  return new URL(href.replaceAll('&amp;', '&')).pathname;
}

const choose = (path: string, payload: string) =>
  gateway.app.inject({
    method: 'POST',
    url: `${path}/outcome`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });

/** What a guard must leave alone: the payment's status and result, and its notifications. */
async function stateOf(pspReference: string) {
  const [row] = await gateway.database.db
    .select({ status: payments.status, resultCode: payments.resultCode })
    .from(payments)
    .where(eq(payments.pspReference, pspReference));
  const events = await gateway.database.db
    .select({ eventCode: notifications.eventCode, success: notifications.success })
    .from(notifications)
    .where(eq(notifications.paymentPspReference, pspReference))
    .orderBy(notifications.id);
  return { ...row, events: events.map((event) => `${event.eventCode}:${event.success}`) };
}

const PENDING = { status: 'received', resultCode: 'PresentToShopper', events: [] };

/** Swaps one character of a signed token's MAC (its last part), keeping its length. */
const tamper = (path: string) => `${path.slice(0, -1)}${path.endsWith('A') ? 'B' : 'A'}`;

const expectServiceError = (response: { statusCode: number; json(): unknown }, status: number) => {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({
    status,
    errorCode: expect.any(String),
    message: expect.any(String),
    errorType: 'validation',
  });
};

describe('the sandbox’s pending list', () => {
  it('lists every open payment without a reference, or with an empty one', async () => {
    const { reference } = await presentTransfer();
    for (const query of ['', '?reference=']) {
      const list = await pendingList(query);
      expect(list.statusCode).toBe(200);
      expect(list.body).toContain(reference);
    }
  });

  it('finds a reference among more open payments than the list shows', async () => {
    const oldest = await presentTransfer();
    for (let index = 0; index < 100; index++) await presentTransfer();
    expect((await pendingList('')).body).not.toContain(oldest.reference);
    for (const reference of [oldest.reference, oldest.pspReference])
      expect((await pendingList(`?reference=${reference}`)).body).toContain(oldest.reference);
  });

  it('answers an oversized, repeated or NUL-holding reference with 400 702 and changes nothing', async () => {
    const { reference, pspReference } = await presentTransfer();
    for (const query of [
      `?reference=${'x'.repeat(257)}`,
      `?reference=${reference}&reference=${reference}`,
      `?reference=${reference}%00`,
    ]) {
      const response = await pendingList(query);
      expectServiceError(response, 400);
      expect(response.json()).toMatchObject({ errorCode: '702' });
    }
    expect(await stateOf(pspReference)).toEqual(PENDING);
  });

  it('matches an odd reference literally and shows it nowhere unescaped', async () => {
    await presentTransfer();
    for (const odd of ['<script>alert(1)</script>', "' or 1=1 --", '%', '*', '.*']) {
      const list = await pendingList(`?reference=${encodeURIComponent(odd)}`);
      expect(list.statusCode, odd).toBe(200);
      expect(list.body, odd).toContain('No payment is waiting');
      expect(list.body).not.toContain('<script>alert');
    }
  });

  it('lists only the sandbox merchant’s payments, whatever API key comes along', async () => {
    const other = await presentTransfer(OTHER_MERCHANT);
    for (const headers of [{}, { 'x-api-key': OTHER_MERCHANT.apiKey }, { 'x-api-key': 'wrong' }] as Record<
      string,
      string
    >[]) {
      const byReference = await pendingList(`?reference=${other.reference}`, headers);
      expect(byReference.statusCode).toBe(200);
      expect(byReference.body).toContain('No payment is waiting');
      expect((await pendingList('', headers)).body).not.toContain(other.reference);
    }
  });
});

describe('the outcome of a simulator page', () => {
  it('refuses a tampered, foreign-prefixed or oversized token with 404 or 414, changing nothing', async () => {
    const { reference, pspReference } = await presentTransfer();
    const path = await stepPath(reference);
    const token = path.slice('/shopper/'.length);
    const [, body = '', mac = ''] = /^SS1!([^.]+)\.(.+)$/.exec(token) ?? [];
    const otherPayment = Buffer.from(JSON.stringify({ p: (await presentTransfer()).pspReference })).toString(
      'base64url',
    );
    for (const bad of [
      tamper(path),
      // The token of another payment cannot be made by swapping the signed part.
      `/shopper/SS1!${otherPayment}.${mac}`,
      // A valid MAC under another prefix (the redirect result's) names nothing here.
      `/shopper/RR1!${body}.${mac}`,
      `/shopper/${body}.${mac}`,
    ]) {
      const answer = await choose(bad, 'outcome=authorise');
      expect(answer.statusCode, bad).toBe(404);
      expect(answer.headers['content-type']).toContain('text/html');
      expect((await gateway.app.inject({ method: 'GET', url: bad })).statusCode).toBe(404);
      // The POST entry of a bank's page carries the token as a form field.
      const entered = await gateway.app.inject({
        method: 'POST',
        url: '/shopper',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ step: bad.slice('/shopper/'.length) }).toString(),
      });
      expect(entered.statusCode, bad).toBe(404);
    }
    // Longer than any token the gateway signs: refused by the router, in the same error format.
    const oversized = await choose(`/shopper/SS1!${'a'.repeat(2100)}`, 'outcome=authorise');
    expectServiceError(oversized, 414);
    expect(oversized.json()).toMatchObject({ errorCode: '702' });
    expect(await stateOf(pspReference)).toEqual(PENDING);
  });

  it('refuses an unknown, missing or doubled outcome with 400 702, changing nothing', async () => {
    const { reference, pspReference } = await presentTransfer();
    const path = await stepPath(reference);
    for (const payload of [
      'outcome=explode',
      'outcome=',
      '',
      'outcome=AUTHORISE',
      'outcome=authorise&outcome=refuse',
    ]) {
      const answer = await choose(path, payload);
      expectServiceError(answer, 400);
      expect(answer.json(), payload).toMatchObject({ errorCode: '702' });
    }
    expect(await stateOf(pspReference)).toEqual(PENDING);
  });

  it('refuses a choice its page does not offer with 422, changing nothing', async () => {
    const transfer = await presentTransfer();
    const transferPath = await stepPath(transfer.reference);
    for (const outcome of ['pending', 'cancel'])
      expect((await choose(transferPath, `outcome=${outcome}`)).statusCode, outcome).toBe(422);
    expect(await stateOf(transfer.pspReference)).toEqual(PENDING);

    // A provider's consent page (Klarna) authorises, refuses or cancels: it is never left pending.
    const klarnaRequest = paymentRequest(
      { type: 'klarna' },
      {
        countryCode: 'DE',
        shopperName: { firstName: 'Anna', lastName: 'Bauer' },
        shopperEmail: 'anna.bauer@example.de',
        billingAddress: {
          street: 'Hauptstraße',
          houseNumberOrName: '5',
          postalCode: '10115',
          city: 'Berlin',
          country: 'DE',
        },
      },
    );
    const klarna = await merchantCall(gateway.app, 'POST', '/v71/payments', klarnaRequest);
    expect(klarna.json()).toMatchObject({ resultCode: 'RedirectShopper' });
    const consentPath = new URL(klarna.json().action.url).pathname;
    const [{ pspReference } = { pspReference: '' }] = await gateway.database.db
      .select({ pspReference: payments.pspReference })
      .from(payments)
      .where(eq(payments.merchantReference, klarnaRequest.reference));
    const before = await stateOf(pspReference);
    for (const outcome of ['pending', 'expire'])
      expect((await choose(consentPath, `outcome=${outcome}`)).statusCode, outcome).toBe(422);
    expect(await stateOf(pspReference)).toEqual(before);
    expect(before).toMatchObject({ status: 'authenticating', events: [] });
  });

  it('settles once: a repeated or later outcome changes nothing and sends no second webhook', async () => {
    const { reference, pspReference } = await presentTransfer();
    const path = await stepPath(reference);
    expect((await choose(path, 'outcome=authorise')).statusCode).toBe(200);
    const settled = await stateOf(pspReference);
    expect(settled).toEqual({
      status: 'authorised',
      resultCode: 'Authorised',
      events: ['AUTHORISATION:true', 'CAPTURE:true'],
    });
    for (const outcome of ['authorise', 'refuse', 'expire']) {
      const again = await choose(path, `outcome=${outcome}`);
      expect(again.statusCode, outcome).toBe(200);
      expect(again.body).toContain('Authorised');
    }
    expect(await stateOf(pspReference)).toEqual(settled);
    // Settled payments leave the list, and their page offers no choice any more.
    expect((await pendingList(`?reference=${reference}`)).body).toContain('No payment is waiting');
    const page = await gateway.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('This payment is settled');
    expect(page.body).not.toContain('name="outcome"');
  });

  it('keeps an expired transfer expired: receiving it later changes nothing', async () => {
    const { reference, pspReference } = await presentTransfer();
    const path = await stepPath(reference);
    expect((await choose(path, 'outcome=expire')).statusCode).toBe(200);
    const expired = await stateOf(pspReference);
    expect(expired.events).toEqual(['OFFER_CLOSED:true']);
    expect((await choose(path, 'outcome=authorise')).statusCode).toBe(200);
    expect(await stateOf(pspReference)).toEqual(expired);
  });

  it('settles once when two outcomes race', async () => {
    const { reference, pspReference } = await presentTransfer();
    const path = await stepPath(reference);
    const answers = await Promise.all([choose(path, 'outcome=authorise'), choose(path, 'outcome=refuse')]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const { events } = await stateOf(pspReference);
    expect(events.filter((event) => event.startsWith('AUTHORISATION'))).toHaveLength(1);
  });
});

describe('the BACS mandate PDF', () => {
  it('serves a mandate only at its own signed address', async () => {
    const response = await merchantCall(
      gateway.app,
      'POST',
      '/v71/payments',
      paymentRequest(
        {
          type: 'directdebit_GB',
          holderName: 'Jane Doe',
          bankAccountNumber: '40308669',
          bankLocationId: '560036',
        },
        { amount: { currency: 'GBP', value: 4250 }, shopperEmail: 'jane@example.co.uk', countryCode: 'GB' },
      ),
    );
    const path = new URL(response.json().action.url).pathname;
    expect((await gateway.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    const token = path.slice('/bacs/mandates/'.length);
    const stepToken = (await stepPath(response.json().merchantReference)).slice('/shopper/'.length);
    for (const bad of [tamper(path), `/bacs/mandates/${stepToken}`, `/bacs/mandates/SS1!${token.slice(4)}`]) {
      expectServiceError(await gateway.app.inject({ method: 'GET', url: bad }), 404);
    }
    // A mandate token is no simulator page either.
    expect((await gateway.app.inject({ method: 'GET', url: `/shopper/${token}` })).statusCode).toBe(404);
    expectServiceError(
      await gateway.app.inject({ method: 'GET', url: `/bacs/mandates/${'a'.repeat(513)}` }),
      414,
    );
  });
});

describe('production mode', () => {
  it('serves no pending list, but keeps the shopper steps that complete payments', async () => {
    const live = await startTestGateway(PRODUCTION_ENV);
    try {
      for (const url of ['/sandbox/pending', '/sandbox/pending?reference=x', '/sandbox']) {
        const response = await live.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
      }
      const outcome = await live.app.inject({
        method: 'POST',
        url: '/sandbox/payments/0000000000000000/outcome',
        payload: { outcome: 'authorise' },
      });
      expect(outcome.statusCode).toBe(404);
      const redirect = await merchantCall(
        live.app,
        'POST',
        '/v71/payments',
        paymentRequest({ type: 'ideal', issuer: 'ideal_ing' }, { countryCode: 'NL' }),
        { 'x-api-key': PRODUCTION_ENV.PAYMENT_API_KEY },
      );
      const page = new URL(redirect.json().action.url).pathname;
      expect((await live.app.inject({ method: 'GET', url: page })).statusCode).toBe(200);
    } finally {
      await live.close();
    }
  });
});
