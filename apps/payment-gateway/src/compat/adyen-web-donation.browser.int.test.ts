import { describe, expect, it } from 'vitest';
import { donations } from '../modules/donations/schema.ts';
import { DEMO, merchantCall, webhookEventsOf } from '../testing/index.ts';
import { checkoutOptions, useAdyenWebHarness } from './adyen-web-harness.ts';

/**
 * The official @adyen/adyen-web 6 asks for a donation after a session's payment: its Donation in
 * "service mode" fetches the session's campaigns (`v1/sessions/{id}/donationCampaigns`) and donates
 * (`v1/sessions/{id}/donations`) on its own, in Chromium against the gateway.
 */
const harness = useAdyenWebHarness(['SepaDirectDebit', 'Donation']);
const { gateway } = harness;

describe('@adyen/adyen-web session donation against the gateway', () => {
  it('pays with SEPA, then shows the first campaign and donates a fixed amount', async () => {
    const created = await merchantCall(gateway.app, 'POST', '/v71/sessions', {
      amount: { currency: 'EUR', value: 1999 },
      merchantAccount: DEMO.merchantAccount,
      reference: `adyen-web-donation-${Date.now()}`,
      returnUrl: `${harness.merchantOrigin}/return`,
      countryCode: 'NL',
    });
    const session = created.json() as { id: string; sessionData: string };
    const page = await harness.browser.context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(harness.gatewayBase))
        requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await page.goto(`${harness.merchantOrigin}/`);
    await page.evaluate(
      async ({ options, session }) => {
        const { AdyenCheckout, SepaDirectDebit, Donation } = (
          window as unknown as {
            AdyenWeb: {
              AdyenCheckout(options: object): Promise<unknown>;
              SepaDirectDebit: new (checkout: unknown) => { mount(selector: string): unknown };
              Donation: new (checkout: unknown, options: object) => unknown;
            };
          }
        ).AdyenWeb;
        const state = window as unknown as { outcome?: unknown; donated?: unknown; failure?: string };
        const node = document.createElement('div');
        node.id = 'donation';
        document.body.appendChild(node);
        const checkout = await AdyenCheckout({
          ...options,
          countryCode: 'NL',
          session,
          donation: {
            delay: 0,
            onDonationSuccess: (result: unknown) => {
              state.donated = result;
            },
            onDonationFailure: (reason: unknown) => {
              state.failure = `donation: ${String(reason)}`;
            },
          },
          onPaymentCompleted: (result: unknown) => {
            state.outcome = result;
            new Donation(checkout, { rootNode: '#donation', commercialTxAmount: 1999 });
          },
          onError: (error: unknown) => {
            state.failure = String(error);
          },
        });
        new SepaDirectDebit(checkout).mount('#checkout');
      },
      { options: checkoutOptions(harness.gatewayBase), session },
    );
    await page.locator('input[name="ownerName"]').fill('A. Schneider');
    await page.locator('input[name="ibanNumber"]').fill('NL13TEST0123456789');
    await page.locator('.adyen-checkout__button--pay').click();

    const offer = page.locator('#donation');
    await offer.getByText('Green Canopy Foundation').first().waitFor({ timeout: 30_000 });
    await offer.getByRole('radio', { name: /3\.00/ }).check({ force: true });
    await offer.getByRole('button', { name: /Donate/ }).click();
    await expect
      .poll(
        () =>
          page.evaluate(
            () =>
              (window as unknown as { donated?: unknown; failure?: string }).donated ??
              (window as unknown as { failure?: string }).failure,
          ),
        {
          timeout: 30_000,
        },
      )
      .toEqual({ didDonate: true });
    expect(requests).toContain(`POST /v1/sessions/${session.id}/donationCampaigns`);
    expect(requests).toContain(`POST /v1/sessions/${session.id}/donations`);

    // The donation is a payment of its own on the session payment's SEPA mandate, with a DONATION webhook.
    const [donation] = await gateway.database.db.select().from(donations);
    expect(donation).toMatchObject({ amountValue: 300, currency: 'EUR', status: 'completed' });
    await expect
      .poll(() => webhookEventsOf(gateway.app, donation?.originalPspReference ?? ''))
      .toContain('DONATION:true');
    await page.close();
  });
});
