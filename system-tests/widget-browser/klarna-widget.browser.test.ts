import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, resultOf, useHarness } from './harness.ts';

/** Klarna's in-page widget (`useKlarnaWidget`) in Chromium against the gateway's Klarna Payments simulator. */
const harness = useHarness();
const axe = (page: Page) => axeViolations(page, { iframes: false, seriousOnly: true });
const DE = 'currency=EUR&country=DE&amount=4500';

const dialog = (page: Page) =>
  page.getByRole('dialog', { name: /Klarna \(sandbox\): confirm your purchase/ });

/** Opens Klarna standalone with the widget on and starts the payment: the widget shows in place. */
async function openWidget() {
  const opened = await harness.openDemo(`flow=sessions&component=klarna&${DE}`);
  const { page } = opened;
  await page.getByRole('button', { name: 'Continue to Klarna' }).waitFor();
  await page.evaluate(() =>
    (window as unknown as { element: { update(options: object): void } }).element.update({
      useKlarnaWidget: true,
    }),
  );
  await page.getByRole('button', { name: 'Continue to Klarna' }).click();
  await page.getByText('Klarna (sandbox): Pay later in 30 days').waitFor();
  return opened;
}

async function authorizeWith(page: Page, choice: 'Approve' | 'Reject' | 'Close') {
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect.poll(() => dialog(page).isVisible()).toBe(true);
  await dialog(page).getByRole('button', { name: choice }).click();
}

describe('Klarna widget in Chromium', () => {
  it('pays when the shopper approves; widget and dialog have no serious axe issue', async () => {
    const { page, errors } = await openWidget();
    expect(await axe(page)).toEqual([]);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect.poll(() => dialog(page).isVisible()).toBe(true);
    expect(await axe(page)).toEqual([]);
    await dialog(page).getByRole('button', { name: 'Approve' }).click();
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('is refused when Klarna rejects the purchase', async () => {
    const { page } = await openWidget();
    await authorizeWith(page, 'Reject');
    expect(await resultOf(page)).toBe('Result: Refused');
    await page.close();
  });

  it('goes back to ready with an error when the shopper closes Klarna, and can pay after', async () => {
    const { page } = await openWidget();
    await authorizeWith(page, 'Close');
    expect(await resultOf(page)).toBe('Error: Klarna did not authorise the payment');
    await authorizeWith(page, 'Approve');
    // The page still shows the first error until the payment's result replaces it.
    await expect.poll(() => page.textContent('#result'), { timeout: 30_000 }).toBe('Result: Authorised');
    await page.close();
  });
});
