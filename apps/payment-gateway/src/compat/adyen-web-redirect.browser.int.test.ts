import { describe, expect, it } from 'vitest';
import { DEMO, merchantCall } from '../testing/index.ts';
import { merchantSessionResult, outcomeOf, startCheckout, useAdyenWebHarness } from './adyen-web-harness.ts';

/**
 * The official @adyen/adyen-web 6 Drop-in, unchanged, in the sessions flow: an iDEAL payment (a
 * plain redirect for that library) goes to the gateway's bank page and comes back to the merchant's
 * return page, which recreates the checkout from the session id alone and submits `redirectResult`.
 */
const harness = useAdyenWebHarness(['Dropin', 'Redirect']);
const { gateway } = harness;

describe('@adyen/adyen-web Drop-in: a redirect payment against the gateway', () => {
  it('pays with iDEAL in the sessions flow: bank page, return page with the session id only', async () => {
    const created = await merchantCall(gateway.app, 'POST', '/v71/sessions', {
      amount: { currency: 'EUR', value: 2500 },
      merchantAccount: DEMO.merchantAccount,
      reference: `adyen-web-ideal-${Date.now()}`,
      returnUrl: `${harness.merchantOrigin}/return?shop=1`,
      countryCode: 'NL',
    });
    const session = created.json() as { id: string; sessionData: string };
    const page = await harness.browser.context.newPage();
    await page.goto(`${harness.merchantOrigin}/`);
    await startCheckout(page, harness.gatewayBase, {
      session,
      countryCode: 'NL',
      component: 'Dropin',
      dropinComponents: ['Redirect'],
    });

    // The drop-in lists only what it has a component for (no card or SEPA here) and opens the first.
    const pay = page.locator('.adyen-checkout__button--pay', { hasText: 'Continue to iDEAL' });
    await pay.click({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Authorise the payment' }).click({ timeout: 20_000 });
    await page.waitForURL((url) => url.origin === harness.merchantOrigin, { timeout: 20_000 });
    const back = new URL(page.url());
    expect(back.pathname).toBe('/return');
    expect(back.searchParams.get('shop')).toBe('1');
    expect(back.searchParams.get('sessionId')).toBe(session.id);
    const redirectResult = back.searchParams.get('redirectResult') ?? '';
    expect(redirectResult).not.toBe('');

    await startCheckout(page, harness.gatewayBase, {
      session: { id: session.id },
      countryCode: 'NL',
      redirectResult,
    });
    const { outcome, failure } = await outcomeOf(page);
    expect(failure).toBeUndefined();
    expect(outcome?.resultCode).toBe('Authorised');
    expect(await merchantSessionResult(gateway, session.id, outcome?.sessionResult)).toMatchObject({
      status: 'completed',
      payments: [{ resultCode: 'Authorised', paymentMethod: { type: 'ideal' } }],
    });
    await page.close();
  });
});
