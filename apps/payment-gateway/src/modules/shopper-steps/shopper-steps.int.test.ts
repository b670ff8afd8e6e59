import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO, merchantCall, paymentRequest, testCardMethod, useTestGateway } from '../../testing/index.ts';
import { notifications } from '../webhooks/schema.ts';

const gateway = useTestGateway();

const RETURN_URL = 'http://localhost:3000/checkout/return?order=42';
const ideal = { type: 'ideal', issuer: 'ideal_ing' };

async function startRedirect(method: Record<string, unknown> = ideal) {
  const response = await merchantCall(
    gateway.app,
    'POST',
    '/v71/payments',
    paymentRequest(method, { returnUrl: RETURN_URL, countryCode: 'NL' }),
  );
  expect(response.statusCode).toBe(200);
  return response.json() as {
    resultCode: string;
    action: { type: string; method: string; url: string; data?: Record<string, string> };
    merchantReference: string;
  };
}

/** The simulator page's path and its outcome form's action, from a redirect action. */
const pagePath = (url: string) => new URL(url).pathname;

async function choose(path: string, outcome: string) {
  return gateway.app.inject({
    method: 'POST',
    url: `${path}/outcome`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
}

const submitDetails = (details: Record<string, string>) =>
  merchantCall(gateway.app, 'POST', '/v71/payments/details', { details });

const events = (pspReference: string) =>
  gateway.database.db
    .select({ eventCode: notifications.eventCode, success: notifications.success })
    .from(notifications)
    .where(eq(notifications.paymentPspReference, pspReference))
    .orderBy(notifications.id);

/** The payment's AUTHORISATION notifications (an authorised bank redirect is also captured at once). */
const authorisations = async (pspReference: string) =>
  (await events(pspReference)).filter((event) => event.eventCode === 'AUTHORISATION');

describe('redirect steps', () => {
  it('answers RedirectShopper with a GET action to the simulator page, which shows the payment', async () => {
    const answer = await startRedirect();
    expect(answer.resultCode).toBe('RedirectShopper');
    expect(answer.action).toMatchObject({ type: 'redirect', method: 'GET', paymentMethodType: 'ideal' });
    const page = await gateway.app.inject({ method: 'GET', url: pagePath(answer.action.url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('ING');
    expect(page.body).toContain(answer.merchantReference);
    for (const outcome of ['authorise', 'refuse', 'cancel', 'pending'])
      expect(page.body).toContain(`value="${outcome}"`);
  });

  it.each([
    ['authorise', 'Authorised', 'true'],
    ['refuse', 'Refused', 'false'],
    ['cancel', 'Cancelled', 'false'],
  ])(
    '%s sends the shopper back with redirectResult, details answer %s, AUTHORISATION success %s',
    async (outcome, resultCode, success) => {
      const answer = await startRedirect();
      const chosen = await choose(pagePath(answer.action.url), outcome);
      expect(chosen.statusCode).toBe(303);
      const back = new URL(chosen.headers.location as string);
      expect(`${back.origin}${back.pathname}`).toBe('http://localhost:3000/checkout/return');
      expect(back.searchParams.get('order')).toBe('42');
      const redirectResult = back.searchParams.get('redirectResult') as string;
      const result = await submitDetails({ redirectResult });
      expect(result.statusCode).toBe(200);
      const body = result.json() as { resultCode: string; pspReference: string };
      expect(body.resultCode).toBe(resultCode);
      expect(await authorisations(body.pspReference)).toEqual([{ eventCode: 'AUTHORISATION', success }]);
      // The older `payload` name carries the same value.
      expect((await submitDetails({ payload: redirectResult })).json()).toMatchObject({ resultCode });
    },
  );

  it('leaves a payment pending without a webhook, and settles it later from the same page once only', async () => {
    const answer = await startRedirect();
    const path = pagePath(answer.action.url);
    const pending = await choose(path, 'pending');
    const redirectResult = new URL(pending.headers.location as string).searchParams.get(
      'redirectResult',
    ) as string;
    const received = (await submitDetails({ redirectResult })).json() as {
      resultCode: string;
      pspReference: string;
    };
    expect(received.resultCode).toBe('Received');
    expect(await events(received.pspReference)).toEqual([]);
    expect((await gateway.app.inject({ method: 'GET', url: path })).body).not.toContain('value="pending"');
    await choose(path, 'authorise');
    await choose(path, 'refuse');
    expect((await submitDetails({ redirectResult })).json()).toMatchObject({ resultCode: 'Authorised' });
    expect(await authorisations(received.pspReference)).toEqual([
      { eventCode: 'AUTHORISATION', success: 'true' },
    ]);
  });

  it('enters a POST redirect through a form post carrying the page token', async () => {
    const answer = await startRedirect({ type: 'eps', issuer: (await firstIssuer('eps', 'AT')) as string });
    expect(answer.action).toMatchObject({ method: 'POST', data: { step: expect.any(String) } });
    const page = await gateway.app.inject({
      method: 'POST',
      url: new URL(answer.action.url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(answer.action.data).toString(),
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('value="authorise"');
  });

  it('refuses a tampered redirectResult, an unknown page token, a bad outcome and a missing returnUrl', async () => {
    const answer = await startRedirect();
    const path = pagePath(answer.action.url);
    const redirectResult = new URL(
      (await choose(path, 'authorise')).headers.location as string,
    ).searchParams.get('redirectResult') as string;
    const tampered = await submitDetails({ redirectResult: `${redirectResult.slice(0, -2)}xx` });
    expect(tampered.statusCode).toBe(422);
    expect(tampered.json()).toMatchObject({ errorCode: '15_002' });
    expect((await gateway.app.inject({ method: 'GET', url: `${path}x` })).statusCode).toBe(404);
    expect((await choose(path, 'explode')).statusCode).toBe(400);
    expect((await choose(path, 'expire')).statusCode).toBe(422);
    const withoutReturn = await merchantCall(gateway.app, 'POST', '/v71/payments', {
      ...paymentRequest(ideal, { countryCode: 'NL' }),
      returnUrl: 'javascript:alert(1)',
    });
    expect(withoutReturn.statusCode).toBe(422);
    expect(withoutReturn.json()).toMatchObject({ errorCode: '14_030' });
  });

  it('adds the session id to the return address of a session payment', async () => {
    const session = (
      await merchantCall(gateway.app, 'POST', '/v71/sessions', {
        amount: { currency: 'EUR', value: 1500 },
        merchantAccount: DEMO.merchantAccount,
        reference: 'session-redirect',
        returnUrl: RETURN_URL,
        countryCode: 'NL',
      })
    ).json() as { id: string; sessionData: string };
    const paid = await gateway.app.inject({
      method: 'POST',
      url: `/checkoutshopper/v1/sessions/${session.id}/payments?clientKey=${DEMO.clientKey}`,
      headers: { origin: DEMO.origin },
      payload: { sessionData: session.sessionData, paymentMethod: ideal },
    });
    expect(paid.statusCode).toBe(200);
    const action = (paid.json() as { action: { url: string } }).action;
    const back = new URL((await choose(pagePath(action.url), 'authorise')).headers.location as string);
    expect(back.searchParams.get('sessionId')).toBe(session.id);
    const details = await gateway.app.inject({
      method: 'POST',
      url: `/checkoutshopper/v1/sessions/${session.id}/paymentDetails?clientKey=${DEMO.clientKey}`,
      headers: { origin: DEMO.origin },
      payload: {
        sessionData: session.sessionData,
        details: { redirectResult: back.searchParams.get('redirectResult') },
      },
    });
    expect(details.json()).toMatchObject({ resultCode: 'Authorised', sessionResult: expect.any(String) });
  });
});

describe('pending answers', () => {
  it('sends no notification for a payment answered pending (the holder-name trigger PENDING)', async () => {
    const response = await merchantCall(
      gateway.app,
      'POST',
      '/v71/payments',
      paymentRequest(testCardMethod('4111111111111111', { holderName: 'PENDING' }), {
        authenticationData: { attemptAuthentication: 'never' },
      }),
    );
    const body = response.json() as { resultCode: string; pspReference: string };
    expect(body.resultCode).toBe('Received');
    expect(await events(body.pspReference)).toEqual([]);
  });

  it('lists a presented bank transfer among the session result’s payments', async () => {
    const session = (
      await merchantCall(gateway.app, 'POST', '/v71/sessions', {
        amount: { currency: 'EUR', value: 2500 },
        merchantAccount: DEMO.merchantAccount,
        reference: 'session-transfer',
        returnUrl: RETURN_URL,
        countryCode: 'DE',
      })
    ).json() as { id: string; sessionData: string };
    const paid = await gateway.app.inject({
      method: 'POST',
      url: `/checkoutshopper/v1/sessions/${session.id}/payments?clientKey=${DEMO.clientKey}`,
      headers: { origin: DEMO.origin },
      payload: { sessionData: session.sessionData, paymentMethod: { type: 'bankTransfer_IBAN' } },
    });
    const { resultCode, sessionResult } = paid.json() as { resultCode: string; sessionResult: string };
    expect(resultCode).toBe('PresentToShopper');
    const result = await merchantCall(
      gateway.app,
      'GET',
      `/v71/sessions/${session.id}?sessionResult=${encodeURIComponent(sessionResult)}`,
    );
    expect(result.json()).toMatchObject({
      status: 'paymentPending',
      payments: [
        {
          resultCode: 'PresentToShopper',
          paymentMethod: { type: 'bankTransfer_IBAN' },
          action: { type: 'bankTransfer', iban: expect.any(String), reference: expect.any(String) },
        },
      ],
    });
  });
});

describe('modifications of a method that settles at once', () => {
  it('captures an authorised bank redirect at once and refuses a separate capture', async () => {
    const answer = await startRedirect();
    const back = new URL((await choose(pagePath(answer.action.url), 'authorise')).headers.location as string);
    const { pspReference } = (
      await submitDetails({ redirectResult: back.searchParams.get('redirectResult') as string })
    ).json() as {
      pspReference: string;
    };
    expect((await events(pspReference)).map((event) => event.eventCode)).toEqual([
      'AUTHORISATION',
      'CAPTURE',
    ]);
    const capture = await merchantCall(gateway.app, 'POST', `/v71/payments/${pspReference}/captures`, {
      merchantAccount: DEMO.merchantAccount,
    });
    expect(capture.statusCode).toBe(422);
    const refund = await merchantCall(gateway.app, 'POST', `/v71/payments/${pspReference}/refunds`, {
      merchantAccount: DEMO.merchantAccount,
      amount: { currency: 'EUR', value: 400 },
    });
    expect(refund.statusCode).toBe(201);
  });
});

async function firstIssuer(type: string, countryCode: string) {
  const methods = (
    await merchantCall(gateway.app, 'POST', '/v71/paymentMethods', {
      merchantAccount: DEMO.merchantAccount,
      amount: { currency: 'EUR', value: 1000 },
      countryCode,
    })
  ).json() as { paymentMethods: { type: string; issuers?: { id: string }[] }[] };
  return methods.paymentMethods.find((method) => method.type === type)?.issuers?.[0]?.id;
}
