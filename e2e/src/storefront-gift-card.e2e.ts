import { describe, expect, inject, it } from 'vitest';
import { axeViolations, buildCart, buyerToken, call, emptyCarts, waitFor } from './account-helpers.ts';
import { saveScreenshot } from './browser.ts';
import {
  continueToPayment,
  openDropinMethod,
  prepareCheckout,
  typeTestCard,
  useSignedInBrowser,
} from './shop-helpers.ts';

/*
 * A partial payment at the checkout: anna pays 500.00 DKK of a large order with the company's gift
 * card (the gateway's DKK test card) and the rest by card in the same drop-in. The order shows both
 * parts; cancelling it while it awaits approval gives both back (the card's authorisation voided, the
 * gift card's settled part refunded).
 */
const urls = inject('urls');
const base = urls.STOREFRONT_URL as string;
const platform = urls.PLATFORM_URL as string;
const ANNA = 'anna@acme-dk.example';
const COMPANY_GIFT_CARD = { number: '6036280000000000019', pin: '123' };

type Transaction = { Type: string; Succeeded: boolean; Amount: number; xp?: { PaymentMethod?: string } };

describe('a gift card for part of an order', () => {
  const browser = useSignedInBrowser(base, ANNA);

  it('pays with the company gift card and a card, shows both, and cancelling returns both', async () => {
    const token = await buyerToken(platform, ANNA);
    // A cart large enough to need approval, so anna may still cancel the order after paying it.
    await emptyCarts(platform, token);
    await buildCart(platform, token, {
      productId: 'F10001',
      minimumTotal: 50_000,
      reference: 'GIFTCARD-E2E',
    });
    const { page } = browser;
    await prepareCheckout(page, base, 'en');
    await continueToPayment(page);

    await page.getByRole('button', { name: 'Givex', exact: true }).click();
    const giftCard = page.locator('.actuate-checkout__payment-method--selected');
    const frame = (field: string) =>
      giftCard.frameLocator(`[data-cse="${field}"] iframe`).locator('#sf-input');
    await frame('encryptedCardNumber').pressSequentially(COMPANY_GIFT_CARD.number, { delay: 5 });
    await frame('encryptedSecurityCode').pressSequentially(COMPANY_GIFT_CARD.pin, { delay: 5 });
    await giftCard.getByRole('button', { name: 'Apply gift card' }).click();
    await giftCard.getByText('Left to pay with another method').waitFor({ timeout: 30_000 });
    expect(await giftCard.locator('.actuate-checkout__giftcard-balance').textContent()).toContain('500.00');
    await saveScreenshot(page, 'gift-card-balance');
    await giftCard.getByRole('button', { name: /^Pay / }).click();

    // The drop-in now shows what the gift card paid and what is left, and pays the rest by card.
    const summary = page.locator('.actuate-checkout__order-summary');
    await summary.waitFor({ timeout: 30_000 });
    // The paid parts come from the gateway's order status, read once the summary shows.
    await expect.poll(() => summary.textContent(), { timeout: 30_000 }).toMatch(/500\.00/);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'gift-card-order-summary');
    await openDropinMethod(page, 'scheme');
    await typeTestCard(page, '5555555555554444');
    await page
      .locator('.actuate-checkout__payment-method--selected')
      .getByRole('button', { name: /^Pay / })
      .click();
    await page.waitForURL(/\/en\/checkout\/confirmation/, { timeout: 60_000 });
    const orderId = new URL(page.url()).searchParams.get('order') ?? '';
    expect(orderId).not.toBe('');

    // The order's payment lists both parts with their methods.
    const transactions = async () => {
      const payments = await call<{ Items: { Type: string; Transactions?: Transaction[] }[] }>(
        platform,
        token,
        'GET',
        `/v1/orders/Outgoing/${orderId}/payments`,
      );
      return payments.Items.find((payment) => payment.Type === 'CreditCard')?.Transactions ?? [];
    };
    const authorisations = await waitFor('both authorisations on the order', async () => {
      const found = (await transactions()).filter(
        (entry) => entry.Type === 'Authorization' && entry.Succeeded,
      );
      return found.length === 2 ? found : undefined;
    });
    expect(authorisations.map((entry) => entry.xp?.PaymentMethod).sort()).toEqual(['givex', 'mc']);
    expect(authorisations.find((entry) => entry.xp?.PaymentMethod === 'givex')?.Amount).toBe(500);
    await page.goto(`${base}/en/orders/${encodeURIComponent(orderId)}`);
    await page.getByRole('heading', { name: /Gift card \+ Card/ }).waitFor({ timeout: 30_000 });
    await saveScreenshot(page, 'gift-card-order-paid');

    // Cancelled while it awaits approval: the card's authorisation is voided, the gift card refunded.
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await page.getByTestId('cancel-result').waitFor({ timeout: 30_000 });
    const reversals = await waitFor(
      'both parts given back',
      async () => {
        const found = (await transactions()).filter(
          (entry) => (entry.Type === 'Void' || entry.Type === 'Refund') && entry.Succeeded,
        );
        return found.length === 2 ? found : undefined;
      },
      90_000,
    );
    expect(reversals.map((entry) => `${entry.Type}:${entry.xp?.PaymentMethod}`).sort()).toEqual([
      'Refund:givex',
      'Void:mc',
    ]);
    await page.reload();
    await saveScreenshot(page, 'gift-card-order-cancelled');
  });
});
