import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, fillCard, type Harness, pay, resultOf, securedInput, useHarness } from './harness.ts';

/**
 * Gift cards, meal vouchers and partial-payment orders in Chromium against the real gateway (its test
 * cards: apps/payment-gateway/src/modules/payments/methods/gift-card/test-cards.ts): a card that pays
 * everything, a card that pays part and a bank card the rest (sessions and advanced flow), a cancelled
 * and an expired order whose payments the gateway rolls back.
 */
const harness = useHarness();

const GIVEX_50 = { number: '6036280000000000000', pin: '123' };
const SVS_100 = { number: '6006491286999921374', pin: '1111' };
const GENERIC_5000 = { number: '4010100000000000000', pin: '73737' };
const FRICTIONLESS = { number: '5201281505129736', expiry: '0330', cvc: '737' };

type Delivery = {
  eventCode: string;
  paymentPspReference: string;
  success: boolean;
  createdAt: string;
  notification: unknown;
};

async function fillGiftCard(page: Page, card: { number: string; pin: string }) {
  await securedInput(page, 'encryptedCardNumber').pressSequentially(card.number, { delay: 5 });
  await securedInput(page, 'encryptedSecurityCode').pressSequentially(card.pin, { delay: 5 });
}

/** Waits for the blobs, applies the card and waits for its balance. */
async function applyGiftCard(page: Page) {
  await page.waitForFunction(
    () => (window as unknown as { element?: { isValid: boolean } }).element?.isValid === true,
    undefined,
    { timeout: 15_000 },
  );
  await page.getByRole('button', { name: 'Apply gift card' }).click();
  await page.locator('.actuate-checkout__giftcard-balance').waitFor({ timeout: 15_000 });
}

/** In the drop-in: opens the method named `name` (its first entry). */
async function open(page: Page, name: string | RegExp) {
  await page
    .getByRole('button', { name, exact: typeof name === 'string' })
    .first()
    .click();
}

/** Pays `card` for part of the order in the drop-in and waits for the summary. */
async function payPartWithGiftCard(
  page: Page,
  entry: string,
  card: { number: string; pin: string },
  paid: string,
) {
  await open(page, entry);
  await securedInput(page, 'encryptedCardNumber').waitFor({ timeout: 30_000 });
  await fillGiftCard(page, card);
  await applyGiftCard(page);
  await page.getByRole('button', { name: `Pay ${paid}` }).click();
  await page.getByRole('region', { name: 'Paid so far' }).waitFor({ timeout: 30_000 });
}

/** The gateway's webhook log (merchant API) since `since`. */
async function deliveriesSince(harness: Harness, since: Date): Promise<Delivery[]> {
  const response = await fetch(`${harness.gatewayUrl}/v71/webhooks/deliveries?limit=200`, {
    headers: { 'x-api-key': 'sandbox_api_key_actuate' },
  });
  const { deliveries } = (await response.json()) as { deliveries: Delivery[] };
  return deliveries.filter((delivery) => new Date(delivery.createdAt) >= since);
}

/**
 * The order closed unpaid (ORDER_CLOSED, success false) and each of its `payments` payments, listed in
 * that notification, was rolled back (a cancellation or refund that succeeded), within 30 s.
 */
async function expectRolledBack(harness: Harness, since: Date, payments: number) {
  const succeeded = (entry: Delivery) => String(entry.success) === 'true';
  let last: Delivery[] = [];
  for (let attempt = 0; attempt < 60; attempt += 1) {
    last = await deliveriesSince(harness, since);
    const closed = last.find((entry) => entry.eventCode === 'ORDER_CLOSED' && !succeeded(entry));
    // ORDER_CLOSED lists the order's payments as additionalData order-N-pspReference.
    const paid = [
      ...JSON.stringify(closed?.notification ?? {}).matchAll(/"order-\d+-pspReference":"([^"]+)"/g),
    ].map((match) => match[1]);
    const undone = paid.filter((psp) =>
      last.some(
        (entry) =>
          entry.paymentPspReference === psp && /CANCEL|REFUND/.test(entry.eventCode) && succeeded(entry),
      ),
    );
    if (closed && paid.length === payments && undone.length === payments) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(
    `not rolled back: ${JSON.stringify(last.map((entry) => [entry.eventCode, entry.success]))}`,
  );
}

describe('gift cards in Chromium against the gateway', () => {
  it('pays a whole order with one gift card (sessions), axe clean', async () => {
    const { page, errors } = await harness.openDemo(
      'flow=sessions&component=giftcard&brand=genericgiftcard&amount=7500',
    );
    await securedInput(page, 'encryptedCardNumber').waitFor({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await fillGiftCard(page, GENERIC_5000);
    await applyGiftCard(page);
    const balance = (await page.locator('.actuate-checkout__giftcard-balance').textContent()) ?? '';
    expect(balance).toContain('€5,000.00');
    expect(balance).toContain('€4,925.00');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Pay €75.00' }).click();
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(errors).toEqual([]);
  });

  it('pays with a meal voucher and its expiry date (France)', async () => {
    const { page, errors } = await harness.openDemo(
      'flow=sessions&component=mealVoucher_FR_natixis&country=FR&amount=2000',
    );
    await securedInput(page, 'encryptedCardNumber').waitFor({ timeout: 30_000 });
    await securedInput(page, 'encryptedCardNumber').pressSequentially('5010100000000000000', { delay: 5 });
    await securedInput(page, 'encryptedExpiryDate').pressSequentially('0330', { delay: 5 });
    await securedInput(page, 'encryptedSecurityCode').pressSequentially('1234', { delay: 5 });
    await applyGiftCard(page);
    expect(await page.locator('.actuate-checkout__giftcard-balance').textContent()).toContain('€25.00');
    await page.getByRole('button', { name: 'Pay €20.00' }).click();
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(errors).toEqual([]);
  });

  it('shows why a card cannot pay: no balance, other currency, wrong PIN', async () => {
    const { page } = await harness.openDemo('flow=sessions&component=giftcard&brand=givex&amount=7500');
    await securedInput(page, 'encryptedCardNumber').waitFor({ timeout: 30_000 });
    for (const [card, text] of [
      [{ number: '6036280000000000027', pin: '123' }, 'This card has no balance left'],
      [{ number: '6036280000000000035', pin: '123' }, 'This card is in another currency than the payment'],
      [{ number: '6036280000000000000', pin: '999' }, 'We could not find a card with these details'],
    ] as const) {
      await securedInput(page, 'encryptedCardNumber').fill('');
      await securedInput(page, 'encryptedSecurityCode').fill('');
      await fillGiftCard(page, card);
      await page.waitForFunction(
        () => (window as unknown as { element?: { isValid: boolean } }).element?.isValid === true,
      );
      await page.getByRole('button', { name: 'Apply gift card' }).click();
      await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 15_000 }).toBe(text);
    }
  });

  it('pays part with a gift card and the rest by card in the drop-in (sessions), at 360 px', async () => {
    const { page, errors } = await harness.openDemo(
      'flow=sessions&component=dropin&amount=7500&holderName=0',
    );
    await page.setViewportSize({ width: 360, height: 800 });
    await payPartWithGiftCard(page, 'Givex', GIVEX_50, '€50.00');
    const summary = page.getByRole('region', { name: 'Paid so far' });
    await expect.poll(() => summary.textContent(), { timeout: 15_000 }).toContain('€50.00');
    expect(await summary.textContent()).toContain('Left to pay€25.00');
    expect(await axeViolations(page)).toEqual([]);
    // The widget fits the phone's width (the demo's own settings panel is not part of it).
    const tooWide = await page.evaluate(() =>
      Array.from(document.querySelectorAll('#payment *'))
        .filter((node) => node.getBoundingClientRect().right > window.innerWidth)
        .map((node) => `${node.tagName}.${node.className}`),
    );
    expect(tooWide).toEqual([]);
    await open(page, /^Card/);
    await securedInput(page, 'encryptedCardNumber').waitFor({ timeout: 30_000 });
    await fillCard(page, FRICTIONLESS);
    await pay(page);
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(errors).toEqual([]);
  });

  it('pays part with a gift card and the rest by card in the drop-in (advanced flow)', async () => {
    const { page, errors } = await harness.openDemo(
      'flow=advanced&component=dropin&amount=7500&holderName=0',
    );
    await payPartWithGiftCard(page, 'Givex', GIVEX_50, '€50.00');
    await open(page, /^Card/);
    await securedInput(page, 'encryptedCardNumber').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Pay €25.00' }).waitFor();
    await fillCard(page, FRICTIONLESS);
    await pay(page);
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(errors).toEqual([]);
  });

  it('cancels a partly paid order: both gift-card payments are rolled back, the full amount is due again', async () => {
    const since = new Date();
    const { page } = await harness.openDemo('flow=sessions&component=dropin&amount=20000&holderName=0');
    await payPartWithGiftCard(page, 'Givex', GIVEX_50, '€50.00');
    await payPartWithGiftCard(page, 'SVS', SVS_100, '€100.00');
    const summary = page.getByRole('region', { name: 'Paid so far' });
    await expect.poll(() => summary.textContent(), { timeout: 15_000 }).toContain('Left to pay€50.00');
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await summary.waitFor({ state: 'detached', timeout: 30_000 });
    await open(page, /^Card/);
    await page.getByRole('button', { name: 'Pay €200.00' }).waitFor({ timeout: 30_000 });
    await expectRolledBack(harness, since, 2);
  });

  it('rolls back the payments of an order that expires (advanced flow, order of 5 s)', async () => {
    const since = new Date();
    const { page } = await harness.openDemo(
      'flow=advanced&component=dropin&amount=7500&holderName=0&orderExpiry=5',
    );
    await payPartWithGiftCard(page, 'Givex', GIVEX_50, '€50.00');
    await expectRolledBack(harness, since, 1);
  });
});
