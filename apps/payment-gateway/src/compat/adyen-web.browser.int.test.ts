import { describe, expect, it } from 'vitest';
import { DEMO, merchantCall } from '../testing/index.ts';
import {
  checkoutOptions,
  merchantSessionResult,
  outcomeOf,
  startCheckout,
  useAdyenWebHarness,
} from './adyen-web-harness.ts';

/**
 * The official client-side library, @adyen/adyen-web 6, unchanged, pointed at the gateway through
 * `_environmentUrls`: session setup and a SEPA Direct Debit payment (a non-card method) from a
 * merchant page on another origin, in Chromium.
 */
const harness = useAdyenWebHarness(['SepaDirectDebit']);
const { gateway } = harness;

async function createSession() {
  const response = await merchantCall(gateway.app, 'POST', '/v71/sessions', {
    amount: { currency: 'EUR', value: 1999 },
    merchantAccount: DEMO.merchantAccount,
    reference: `adyen-web-${Date.now()}`,
    returnUrl: `${harness.merchantOrigin}/return`,
    countryCode: 'NL',
  });
  return response.json() as { id: string; sessionData: string };
}

describe('@adyen/adyen-web against the gateway', () => {
  it('sets up a session and pays with SEPA Direct Debit', async () => {
    const session = await createSession();
    const page = await harness.browser.context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(harness.gatewayBase))
        requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await page.goto(`${harness.merchantOrigin}/`);
    await startCheckout(page, harness.gatewayBase, {
      session: { id: session.id, sessionData: session.sessionData },
      countryCode: 'NL',
      component: 'SepaDirectDebit',
    });
    await page.locator('input[name="ownerName"]').fill('A. Schneider');
    await page.locator('input[name="ibanNumber"]').fill('NL13TEST0123456789');
    await page.locator('.adyen-checkout__button--pay').click();
    const { outcome } = await outcomeOf(page);
    expect(outcome?.resultCode).toBe('Authorised');
    expect(requests).toContain(`POST /v1/sessions/${session.id}/setup`);
    expect(requests).toContain(`POST /v1/sessions/${session.id}/payments`);
    expect(await merchantSessionResult(gateway, session.id, outcome?.sessionResult)).toMatchObject({
      status: 'completed',
      payments: [{ resultCode: 'Authorised', paymentMethod: { type: 'sepadirectdebit' } }],
    });
    await page.close();
  }, 60_000);

  it('fails session setup from an origin the client key does not allow', async () => {
    const session = await createSession();
    const page = await harness.browser.context.newPage();
    // Same merchant page, served as http://localhost:<port>: another origin, not allowed for the key.
    await page.goto(harness.merchantOrigin.replace('127.0.0.1', 'localhost'));
    const outcome = await page.evaluate(
      async ({ session, options }) => {
        const { AdyenCheckout } = (
          window as unknown as { AdyenWeb: { AdyenCheckout: (options: object) => Promise<unknown> } }
        ).AdyenWeb;
        let reported = '';
        try {
          await AdyenCheckout({
            ...options,
            session,
            onError: (error: unknown) => {
              reported = String(error);
            },
          });
          return reported ? `error: ${reported}` : 'ok';
        } catch (error) {
          return `error: ${String(error)}`;
        }
      },
      {
        session: { id: session.id, sessionData: session.sessionData },
        options: checkoutOptions(harness.gatewayBase),
      },
    );
    expect(outcome).toMatch(/^error: /);
    const direct = await gateway.app.inject({
      method: 'POST',
      url: `/v1/sessions/${session.id}/setup?clientKey=${DEMO.clientKey}`,
      headers: { origin: harness.merchantOrigin.replace('127.0.0.1', 'localhost') },
      payload: { sessionData: session.sessionData },
    });
    expect(direct.statusCode).toBe(403);
    await page.close();
  }, 60_000);
});
