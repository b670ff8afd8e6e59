import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, onThePhone, resultOf, useHarness } from './harness.ts';

/**
 * QR and app-approval methods in Chromium against the real gateway: the widget shows the QR code (an
 * image the gateway draws) or the waiting view, polls the payment's status, and finishes when the
 * shopper's "phone" — the gateway's simulator page behind the action's link — approves, refuses or
 * lets the offer lapse.
 */
const harness = useHarness();
const axe = (page: Page) => axeViolations(page, { seriousOnly: true });
const STATUS_CALLS = '**/services/PaymentInitiation/v1/status**';

const announcements = (page: Page) =>
  page.locator('.actuate-checkout__sr-panel').evaluate((panel) => panel.textContent ?? '');

describe('QR code methods in Chromium', () => {
  it('Pix, sessions: the QR code decodes from the gateway, the phone approves, the payment completes', async () => {
    const { page, errors } = await harness.openDemo(
      'flow=sessions&component=pix&country=BR&currency=BRL&amount=9900',
    );
    await page.getByLabel('First name').fill('Ana', { timeout: 30_000 });
    await page.getByLabel('Last name').fill('Souza');
    await page.getByLabel('CPF/CNPJ').fill('529.982.247-25');
    await page.getByRole('button', { name: 'Generate QR code' }).click();

    const qr = page.getByRole('img', { name: 'QR code for paying with Pix' });
    await qr.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
    expect(await page.locator('#payment').textContent()).toMatch(/1[45]:\d{2}/);
    expect(await page.getByRole('button', { name: 'Copy QR code' }).count()).toBe(1);
    expect(await axe(page)).toEqual([]);
    // The time left is read out when the code appears.
    await expect.poll(() => announcements(page)).toMatch(/Time left to pay/);

    await onThePhone(harness, page, /Open the Pix app/, 'Approve in the app');
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(errors).toEqual([]);
  });

  it('Swish, advanced: the phone refuses, the widget says so', async () => {
    const { page } = await harness.openDemo(
      'flow=advanced&component=swish&country=SE&currency=SEK&amount=5000',
    );
    await page.getByRole('button', { name: /Continue/ }).click({ timeout: 30_000 });
    await page.getByRole('img', { name: 'QR code for paying with Swish' }).waitFor({ timeout: 30_000 });
    await onThePhone(harness, page, /Open the Swish app/, 'Refuse in the app');
    await expect.poll(() => announcements(page), { timeout: 30_000 }).toContain('Payment refused');
    await expect.poll(() => page.locator('#payment').textContent()).toContain('Payment refused');
  });

  it('PromptPay, advanced: an offer the gateway lets lapse ends on the expired view', async () => {
    const { page } = await harness.openDemo(
      'flow=advanced&component=promptpay&country=TH&currency=THB&amount=30000&testExpiry=5',
    );
    await page.getByRole('button', { name: /Continue/ }).click({ timeout: 30_000 });
    await page.getByRole('img', { name: /QR code for paying with PromptPay/ }).waitFor({ timeout: 30_000 });
    const outcome = page.locator('.actuate-checkout__await-result');
    await outcome.waitFor({ timeout: 30_000 });
    expect(await outcome.textContent()).toBe('The time to pay has run out');
    expect(await page.getByRole('img', { name: /QR code/ }).count()).toBe(0);
    expect(await axe(page)).toEqual([]);
  });
});

describe('app approval (await) in Chromium', () => {
  it('Blik, advanced: status calls fail for a while, polling goes on, the approval still completes', async () => {
    const { page } = await harness.openDemo(
      'flow=advanced&component=blik&country=PL&currency=PLN&amount=12000',
    );
    let failed = 0;
    await page.route(STATUS_CALLS, (route) => {
      if (failed < 2) {
        failed += 1;
        return route.abort('internetdisconnected');
      }
      return route.continue();
    });
    await page.getByLabel('Blik code').fill('123456', { timeout: 30_000 });
    await page.getByRole('button', { name: /Pay/ }).click();

    await page.getByText('Confirm the payment in your banking app.').waitFor({ timeout: 30_000 });
    expect(await axe(page)).toEqual([]);
    await expect.poll(() => failed, { timeout: 30_000 }).toBe(2);
    await onThePhone(harness, page, /^Open the .+ app$/, 'Approve in the app');
    expect(await resultOf(page)).toBe('Result: Authorised');
  });

  it('Blik: a code the sandbox refuses (ending 000) is refused at once', async () => {
    const { page } = await harness.openDemo(
      'flow=advanced&component=blik&country=PL&currency=PLN&amount=12000',
    );
    await page.getByLabel('Blik code').fill('123000', { timeout: 30_000 });
    await page.getByRole('button', { name: /Pay/ }).click();
    expect(await resultOf(page)).toMatch(/Refused/);
  });
});
