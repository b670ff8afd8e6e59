import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillCard, pay, resultOf, securedInput, useHarness } from './harness.ts';

/**
 * The widget in Chromium against the real gateway: card, 3DS2, refusal, stored card, drop-in,
 * frame failures, and what leaves the page.
 */
const harness = useHarness();

async function waitForForm(page: Page) {
  await securedInput(page, 'encryptedCardNumber').waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: /^Pay / }).waitFor({ timeout: 30_000 });
}

describe('card in Chromium against the gateway', () => {
  it('pays frictionless (5201 2815 0512 9736) and the card number never leaves the frames in clear', async () => {
    const requests: Request[] = [];
    const { page, errors } = await harness.openDemo(
      'flow=sessions&component=card&holderName=1',
      async (candidate) => {
        candidate.on('request', (request) => requests.push(request));
        // Record every message the merchant page receives, to prove no frame sends it the number.
        await candidate.addInitScript(() => {
          (window as unknown as { __messages: string[] }).__messages = [];
          window.addEventListener('message', (event) => {
            (window as unknown as { __messages: string[] }).__messages.push(
              typeof event.data === 'string' ? event.data : JSON.stringify(event.data),
            );
          });
        });
      },
    );
    await waitForForm(page);
    await fillCard(page, { number: '5201281505129736', expiry: '0330', cvc: '737', holderName: 'J Smith' });
    await pay(page);
    expect(await resultOf(page)).toBe('Result: Authorised');

    const number = /5201\s?2815\s?0512\s?9736/;
    const gatewayOrigin = new URL(harness.gatewayUrl).origin;
    expect(requests.length).toBeGreaterThan(5);
    for (const request of requests) {
      expect(request.url()).not.toMatch(number);
      expect(request.postData() ?? '').not.toMatch(number);
    }
    // Only the frames (gateway origin) ever held it; the payment went out as JWE blobs.
    const payments = requests.find((request) => request.url().includes('/payments?'));
    expect(new URL(payments!.url()).origin).toBe(gatewayOrigin);
    const paymentMethod = JSON.parse(payments!.postData() ?? '{}').paymentMethod;
    expect(paymentMethod.encryptedCardNumber).toMatch(/^eyJ[\w-]+\.[\w-]*\.[\w-]+\.[\w-]+\.[\w-]+$/);
    // The frames share one content key, so the gateway unwraps one RSA key for the four blobs.
    const wrappedKeys = new Set(
      ['encryptedCardNumber', 'encryptedExpiryMonth', 'encryptedExpiryYear', 'encryptedSecurityCode'].map(
        (field) => String(paymentMethod[field]).split('.')[1],
      ),
    );
    expect(wrappedKeys.size).toBe(1);
    const messages = await page.evaluate(() => (window as unknown as { __messages: string[] }).__messages);
    expect(messages.length).toBeGreaterThan(3);
    for (const message of messages) expect(message).not.toMatch(number);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('completes a 3DS2 challenge (4212 3456 7891 0006) with the one-time password', async () => {
    const { page } = await harness.openDemo('flow=sessions&component=card&holderName=0&window=03');
    await waitForForm(page);
    await fillCard(page, { number: '4212345678910006', expiry: '0330', cvc: '737' });
    await pay(page);
    const challenge = page.locator('iframe.actuate-checkout__challenge-frame');
    await challenge.waitFor({ timeout: 30_000 });
    expect(await challenge.getAttribute('width')).toBe('500px');
    const acs = page.frameLocator('iframe.actuate-checkout__challenge-frame');
    await acs.locator('#otp').fill('password');
    await acs.locator('button[value="submit"]').click();
    expect(await resultOf(page)).toBe('Result: Authorised');
    await page.close();
  });

  it('shows the refusal for holder name DECLINED and lets the shopper try again', async () => {
    const { page } = await harness.openDemo('flow=advanced&component=card&holderName=1');
    await waitForForm(page);
    await fillCard(page, { number: '4111111111111111', expiry: '0330', cvc: '737', holderName: 'DECLINED' });
    await pay(page);
    expect(await resultOf(page)).toBe('Result: Refused');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Payment refused');
    await expect.poll(() => page.getByRole('button', { name: /^Pay / }).isVisible()).toBe(true);
    await page.close();
  });

  it('stores a card, then pays with it as a stored card in the drop-in', async () => {
    const shopper = `shopper-${Date.now()}`;
    const first = await harness.openDemo(`flow=sessions&component=card&holderName=0&shopper=${shopper}`);
    await waitForForm(first.page);
    await fillCard(first.page, { number: '4111111111111111', expiry: '0330', cvc: '737' });
    await first.page.getByLabel('Remember for next time').check();
    await pay(first.page);
    expect(await resultOf(first.page)).toBe('Result: Authorised');
    await first.page.close();

    const { page } = await harness.openDemo(`flow=sessions&component=dropin&shopper=${shopper}`);
    const stored = page.getByRole('button', { name: '•••• 1111', expanded: true });
    await stored.waitFor({ timeout: 30_000 });
    await securedInput(page, 'encryptedSecurityCode').pressSequentially('737', { delay: 5 });
    await pay(page);
    expect(await resultOf(page)).toBe('Result: Authorised');
    await expect
      .poll(() => page.locator('.actuate-checkout__final--success').textContent())
      .toContain('Payment Successful');
    await page.close();
  });

  it('drop-in pays with a card in the advanced flow and shows the success screen', async () => {
    const { page } = await harness.openDemo('flow=advanced&component=dropin&holderName=0');
    await page.getByRole('button', { name: 'Cards', expanded: true }).waitFor({ timeout: 30_000 });
    await waitForForm(page);
    await fillCard(page, { number: '5201281505129736', expiry: '0330', cvc: '737' });
    await pay(page);
    expect(await resultOf(page)).toBe('Result: Authorised');
    await expect.poll(() => page.locator('.actuate-checkout__final--success').isVisible()).toBe(true);
    await page.close();
  });

  it('reports frames that never load (30 s) and frames that never configure (15 s)', async () => {
    const [hanging, silent] = await Promise.all([
      harness.openDemo('flow=advanced&component=card', async (page) => {
        await page.route('**/securedFields.html*', () => {
          /* never answered: the frames never load */
        });
      }),
      harness.openDemo('flow=advanced&component=card', async (page) => {
        await page.route('**/securedFields.html*', (route) =>
          route.fulfill({ contentType: 'text/html', body: '<!doctype html><p>no script</p>' }),
        );
      }),
    ]);
    const started = Date.now();
    await expect
      .poll(() => silent.page.textContent('#result'), { timeout: 25_000 })
      .toBe('Error: secured fields have failed to configure');
    expect(Date.now() - started).toBeGreaterThan(10_000);
    await expect
      .poll(() => hanging.page.textContent('#result'), { timeout: 40_000 })
      .toBe('Error: secured field iframes have failed to load');
    expect(await hanging.page.getByRole('alert').textContent()).toContain('could not be loaded');
    await hanging.page.close();
    await silent.page.close();
  }, 90_000);
});
