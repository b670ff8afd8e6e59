import { describe, expect, it } from 'vitest';
import { DEMO, merchantCall } from '../testing/index.ts';
import { merchantSessionResult, outcomeOf, startCheckout, useAdyenWebHarness } from './adyen-web-harness.ts';

/**
 * The official @adyen/adyen-web 6 PayPal component, unchanged, in the sessions flow: its request for
 * PayPal's SDK (https://www.paypal.com/sdk/js) is answered with the gateway's simulator, whose buttons
 * it renders; the shopper approves in the simulator's pop-up and the library sends the approval.
 */
const harness = useAdyenWebHarness(['PayPal']);
const { gateway } = harness;

describe('@adyen/adyen-web PayPal against the gateway and its PayPal SDK simulator', () => {
  it('renders the funding buttons and pays after the approval', async () => {
    const created = await merchantCall(gateway.app, 'POST', '/v71/sessions', {
      amount: { currency: 'USD', value: 2500 },
      merchantAccount: DEMO.merchantAccount,
      reference: `adyen-web-paypal-${Date.now()}`,
      returnUrl: `${harness.merchantOrigin}/return`,
      countryCode: 'US',
    });
    const session = created.json() as { id: string; sessionData: string };
    const page = await harness.browser.context.newPage();
    const requested: string[] = [];
    await page.route('https://www.paypal.com/sdk/js*', async (route) => {
      requested.push(route.request().url());
      const simulator = await fetch(`${harness.gatewayBase}sdk-simulators/paypal/sdk.js`);
      await route.fulfill({ status: 200, contentType: 'text/javascript', body: await simulator.text() });
    });
    const gatewayUrl = harness.gatewayBase;
    await page.addInitScript((url) => {
      localStorage.setItem('actuate-sandbox:paypal', JSON.stringify({ gatewayUrl: url }));
    }, gatewayUrl);
    await page.goto(`${harness.merchantOrigin}/`);
    await startCheckout(page, harness.gatewayBase, { session, countryCode: 'US', component: 'PayPal' });

    const paypal = page.locator('button[data-funding-source="paypal"]');
    await paypal.waitFor({ timeout: 20_000 });
    for (const source of ['paylater', 'venmo'])
      await page.locator(`button[data-funding-source="${source}"]`).waitFor();
    const query = new URL(requested[0] ?? '').searchParams;
    expect(query.get('currency')).toBe('USD');
    expect(query.get('enable-funding')).toBe('paylater,venmo');
    expect(query.get('merchant-id')).toBe('ACTUATESANDBOX1');

    await paypal.click();
    const popup = page.getByRole('dialog', { name: 'PayPal (sandbox)' });
    await popup.getByRole('button', { name: 'Approve' }).click({ timeout: 20_000 });
    const { outcome, failure } = await outcomeOf(page);
    expect(failure).toBeUndefined();
    expect(outcome?.resultCode).toBe('Authorised');
    expect(await merchantSessionResult(gateway, session.id, outcome?.sessionResult)).toMatchObject({
      status: 'completed',
      payments: [{ resultCode: 'Authorised', paymentMethod: { type: 'paypal' } }],
    });
    await page.close();
  });
});
