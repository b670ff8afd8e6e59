import { describe, expect, it } from 'vitest';
import { DEMO, merchantCall } from '../testing/index.ts';
import { merchantSessionResult, outcomeOf, startCheckout, useAdyenWebHarness } from './adyen-web-harness.ts';

/**
 * The official @adyen/adyen-web 6 GooglePay component, unchanged, in the sessions flow: the page's
 * request for the wallet's script (https://pay.google.com/gp/p/js/pay.js) is answered with the
 * gateway's simulator, told where the gateway is; the library renders the simulator's button, opens
 * its sheet and pays from the sheet's authorization callback.
 */
const harness = useAdyenWebHarness(['GooglePay']);
const { gateway } = harness;

describe('@adyen/adyen-web GooglePay against the gateway and its wallet simulator', () => {
  it('renders the wallet button and pays with a CRYPTOGRAM_3DS card', async () => {
    const created = await merchantCall(gateway.app, 'POST', '/v71/sessions', {
      amount: { currency: 'EUR', value: 2500 },
      merchantAccount: DEMO.merchantAccount,
      reference: `adyen-web-googlepay-${Date.now()}`,
      returnUrl: `${harness.merchantOrigin}/return`,
      countryCode: 'NL',
    });
    const session = created.json() as { id: string; sessionData: string };
    const simulator = await (await fetch(`${harness.gatewayBase}sdk-simulators/googlepay/pay.js`)).text();
    const page = await harness.browser.context.newPage();
    await page.route('https://pay.google.com/gp/p/js/pay.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.actuateSandboxGooglePay = ${JSON.stringify({
          gatewayUrl: harness.gatewayBase,
          clientKey: DEMO.clientKey,
        })};\n${simulator}`,
      }),
    );
    await page.goto(`${harness.merchantOrigin}/`);
    await startCheckout(page, harness.gatewayBase, { session, countryCode: 'NL', component: 'GooglePay' });

    await page.getByRole('button', { name: 'Buy with Google Pay' }).click({ timeout: 20_000 });
    const sheet = page.getByRole('dialog', { name: 'Google Pay (sandbox)' });
    await sheet.waitFor({ timeout: 20_000 }).catch(async (error) => {
      throw new Error(
        `${error}; the library reported: ${await page.evaluate(() => (window as { failure?: string }).failure)}`,
      );
    });
    // The library sends the total without trailing zeros.
    expect(await sheet.getByTestId('gpay-total').textContent()).toMatch(/^Total: EUR 25(\.00)?$/);
    await sheet.getByRole('radio', { name: /Mastercard •••• 4444/ }).check();
    await sheet.getByRole('button', { name: 'Pay' }).click();

    const { outcome, failure } = await outcomeOf(page);
    expect(failure).toBeUndefined();
    expect(outcome?.resultCode).toBe('Authorised');
    expect(await sheet.count()).toBe(0);
    expect(await merchantSessionResult(gateway, session.id, outcome?.sessionResult)).toMatchObject({
      status: 'completed',
      payments: [{ resultCode: 'Authorised', paymentMethod: { type: 'googlepay', brand: 'mc' } }],
    });
    await page.close();
  });
});
