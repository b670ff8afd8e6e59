import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, fillCard, pay, useHarness } from './harness.ts';

/**
 * A donation after a card payment, in Chromium against the real gateway: the demo's donation page
 * (packages/checkout/demo/donation.html) pays, its merchant server fetches the gateway's campaigns,
 * the Donation component asks, and the donation is made at the gateway with the payment's token.
 */
const harness = useHarness();
const VISA_NO_3DS = { number: '4111111111111111', expiry: '0330', cvc: '737' };

async function payThenAsk(query: string, viewport?: { width: number; height: number }) {
  const page = await harness.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  if (viewport) await page.setViewportSize(viewport);
  await page.goto(`${harness.demoUrl}/donation.html?${query}`);
  await securedFieldsReady(page);
  await fillCard(page, VISA_NO_3DS);
  if (query.includes('locale=da-DK')) {
    await page.waitForFunction(
      () => (window as { element?: { isValid: boolean } }).element?.isValid === true,
    );
    await page.getByRole('button', { name: /^Betal / }).click();
  } else await pay(page);
  await page.getByText('Result: Authorised').waitFor({ timeout: 30_000 });
  await page.locator('.actuate-checkout__donation').waitFor({ timeout: 30_000 });
  return { page, errors };
}

const securedFieldsReady = (page: Page) =>
  page.locator('[data-cse="encryptedCardNumber"] iframe').waitFor({ timeout: 30_000 });

const donationResult = (page: Page) => page.locator('#donation-result').textContent();

describe('Donation in Chromium', () => {
  it('round-up: shows the campaign and the computed amount, donates at the gateway, thanks the shopper', async () => {
    const { page, errors } = await payThenAsk('type=roundup&amount=1250&currency=EUR');
    expect(await page.getByText('Clean Seas Trust', { exact: true }).count()).toBe(1);
    expect(await page.getByText(/Round your total up to €13\.00: €0\.50/).count()).toBe(1);
    const banner = page.locator('.actuate-checkout__donation-banner');
    await expect
      .poll(() => banner.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
    const about = page.getByRole('link', { name: /About Clean Seas Trust/ });
    expect(await about.getAttribute('target')).toBe('_blank');
    expect(await about.getAttribute('rel')).toContain('noopener');
    expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);

    await page.getByRole('button', { name: 'Donate €0.50' }).click();
    await page.getByText('Thank you for your donation!').waitFor({ timeout: 30_000 });
    expect(await donationResult(page)).toBe('Donation: completed');
    expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('fixed amounts: Donate waits for a choice, made with the keyboard; the donation completes', async () => {
    const { page } = await payThenAsk('type=fixedAmounts&amount=4990&currency=EUR');
    expect(await page.getByText('Green Canopy Foundation', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Donate', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('radio', { name: '€1.00' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: '€3.00' }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('button', { name: 'Donate €3.00' }).click();
    await page.getByText('Thank you for your donation!').waitFor({ timeout: 30_000 });
    expect(await donationResult(page)).toBe('Donation: completed');
  });

  it('"Not now" closes the offer without a donation', async () => {
    const { page } = await payThenAsk('type=fixedAmounts&amount=1000&currency=EUR');
    await page.getByRole('button', { name: 'Not now' }).click();
    await expect.poll(() => donationResult(page)).toBe('Donation: not now');
    expect(await page.locator('.actuate-checkout__donation').count()).toBe(0);
  });

  it('fits a 360 px phone screen in Danish, and stays accessible', async () => {
    const { page } = await payThenAsk('type=roundup&amount=9900&currency=DKK&locale=da-DK', {
      width: 360,
      height: 780,
    });
    expect(await page.getByRole('button', { name: /^Donér/ }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Ikke nu' }).count()).toBe(1);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
  });
});
