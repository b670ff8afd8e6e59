import { describe, expect, it } from 'vitest';
import { DEMO, merchantCall } from '../testing/index.ts';
import { merchantSessionResult, outcomeOf, startCheckout, useAdyenWebHarness } from './adyen-web-harness.ts';

/**
 * The official @adyen/adyen-web Drop-in, unchanged, pays with a Klarna-type method in the sessions
 * flow: the shopper leaves for the provider's consent page (the gateway's simulator), comes back to
 * the merchant's return page, which submits `redirectResult` with the session id only.
 */
const harness = useAdyenWebHarness(['Dropin', 'Klarna']);
const { gateway } = harness;

describe('@adyen/adyen-web Drop-in: a Klarna-type redirect in the sessions flow', () => {
  it('pays through the provider’s consent page and the return page', async () => {
    const session = (
      await merchantCall(gateway.app, 'POST', '/v71/sessions', {
        amount: { currency: 'EUR', value: 4990 },
        merchantAccount: DEMO.merchantAccount,
        reference: `adyen-web-klarna-${Date.now()}`,
        returnUrl: `${harness.merchantOrigin}/return`,
        countryCode: 'DE',
        shopperName: { firstName: 'Anna', lastName: 'Bauer' },
      })
    ).json() as { id: string; sessionData: string };
    const page = await harness.browser.context.newPage();
    await page.goto(`${harness.merchantOrigin}/`);
    await startCheckout(page, harness.gatewayBase, {
      session,
      countryCode: 'DE',
      component: 'Dropin',
      dropinComponents: ['Klarna'],
    });
    const klarna = page.locator('.adyen-checkout__payment-method--klarna');
    await klarna.waitFor({ timeout: 20_000 });
    await klarna.locator('.adyen-checkout__payment-method__header').click();
    await klarna.locator('.adyen-checkout__button--pay').click();

    await page.getByRole('heading', { name: /Klarna: confirm your purchase/ }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Accept the terms and pay' }).click();
    await page.waitForURL((url) => url.pathname === '/return' && url.searchParams.has('redirectResult'));
    const back = new URL(page.url());
    expect(back.searchParams.get('sessionId')).toBe(session.id);
    // As a merchant's return page does: the session id from the URL, nothing else.
    await startCheckout(page, harness.gatewayBase, {
      session: { id: session.id },
      countryCode: 'DE',
      redirectResult: back.searchParams.get('redirectResult') ?? '',
    });
    const { outcome, failure } = await outcomeOf(page);
    expect(outcome?.resultCode, failure).toBe('Authorised');

    expect(await merchantSessionResult(gateway, session.id, outcome?.sessionResult)).toMatchObject({
      status: 'completed',
      payments: [{ resultCode: 'Authorised', paymentMethod: { type: 'klarna' } }],
    });
    await page.close();
  });
});
