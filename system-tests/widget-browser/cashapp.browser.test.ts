import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, resultOf, useHarness } from './harness.ts';

/** Cash App Pay in Chromium: the widget, the gateway's Pay Kit simulator and its grants. */
const harness = useHarness();
const axe = (page: Page) => axeViolations(page, { iframes: false, seriousOnly: true });
const US = 'currency=USD&country=US&amount=1500';

const dialog = (page: Page) => page.getByRole('dialog', { name: /Cash App Pay \(sandbox\)/ });

async function startCashApp(page: Page) {
  await page.getByRole('button', { name: 'Cash App Pay' }).click();
  await expect.poll(() => dialog(page).isVisible()).toBe(true);
}

const logText = async (page: Page) => (await page.textContent('#log')) ?? '';

describe('Cash App Pay in Chromium', () => {
  it('pays when the shopper approves on the phone; button and dialog have no serious axe issue', async () => {
    const { page, errors } = await harness.openDemo(`flow=sessions&component=cashapp&${US}`);
    await page.getByRole('button', { name: 'Cash App Pay' }).waitFor();
    expect(await axe(page)).toEqual([]);
    await startCashApp(page);
    expect(await axe(page)).toEqual([]);
    await dialog(page).getByRole('button', { name: 'Approve' }).click();
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('reports a declined request and renders the button again, which then pays', async () => {
    const { page } = await harness.openDemo(`flow=sessions&component=cashapp&${US}`);
    await startCashApp(page);
    await dialog(page).getByRole('button', { name: 'Decline' }).click();
    expect(await resultOf(page)).toBe('Error: Payment declined by CashAppPay');
    await expect.poll(() => page.getByRole('button', { name: 'Cash App Pay' }).count()).toBe(1);
    await startCashApp(page);
    await dialog(page).getByRole('button', { name: 'Approve' }).click();
    // The page still shows the decline until the second payment's result replaces it.
    await expect.poll(() => page.textContent('#result'), { timeout: 30_000 }).toBe('Result: Authorised');
    await page.close();
  });

  it('reports a dismissed dialog as CANCEL', async () => {
    const { page } = await harness.openDemo(`flow=sessions&component=cashapp&${US}`);
    await startCashApp(page);
    await dialog(page).getByRole('button', { name: 'Dismiss' }).click();
    expect(await resultOf(page)).toBe('Error: Customer dismissed the modal');
    expect(await logText(page)).toContain('"type":"CANCEL"');
    await page.close();
  });

  it('is refused for the declining test account', async () => {
    const { page } = await harness.openDemo(`flow=sessions&component=cashapp&${US}`);
    await startCashApp(page);
    await dialog(page).getByLabel('Cash App account').selectOption('$declined-shopper');
    await dialog(page).getByRole('button', { name: 'Approve' }).click();
    expect(await resultOf(page)).toBe('Result: Refused');
    await page.close();
  });

  it('stores the account when the shopper ticks the box, then pays with the stored one in the drop-in', async () => {
    const shopper = `cashapp-${Date.now()}`;
    const { page } = await harness.openDemo(`flow=sessions&component=cashapp&${US}&shopper=${shopper}`);
    await page.getByLabel('Save Cash App Pay for my next payment').check();
    await startCashApp(page);
    await dialog(page).getByRole('button', { name: 'Approve' }).click();
    expect(await resultOf(page)).toBe('Result: Authorised');
    await page.close();

    const again = await harness.openDemo(`flow=sessions&component=dropin&${US}&shopper=${shopper}`);
    await again.page.getByText('Pay with your saved Cash App account $sandbox-shopper').waitFor();
    await again.page.getByRole('button', { name: /^Pay \$/ }).click();
    expect(await resultOf(again.page)).toBe('Result: Authorised');
    await again.page.close();
  });
});
