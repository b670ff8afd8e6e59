import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, useHarness } from './harness.ts';

/** UK direct debit and bank transfer by IBAN, through the demo page against the real gateway. */
const harness = useHarness();
const axe = (page: Page) => axeViolations(page, { seriousOnly: true });
const API_KEY = 'sandbox_api_key_actuate';

async function webhookEvents(pspReference: string): Promise<string[]> {
  const response = await fetch(`${harness.gatewayUrl}/v71/webhooks/deliveries?pspReference=${pspReference}`, {
    headers: { 'x-api-key': API_KEY },
  });
  const body = (await response.json()) as { deliveries: { eventCode: string; success: boolean }[] };
  return body.deliveries.map((entry) => `${entry.eventCode}:${entry.success}`);
}

describe('UK direct debit (BACS) in Chromium', () => {
  it('enter → confirm → edit → confirm and pay → voucher with the mandate PDF', async () => {
    const { page } = await harness.openDemo(
      `flow=sessions&component=directdebit_GB&currency=GBP&country=GB&amount=4250`,
    );
    const holder = page.getByLabel('Account holder name');
    await holder.waitFor({ timeout: 30_000 });
    expect(await axe(page)).toEqual([]);

    // Continue with nothing filled: every error shows, focus goes to the first field.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => holder.evaluate((input) => input === document.activeElement)).toBe(true);
    await expect.poll(() => holder.getAttribute('aria-invalid')).toBe('true');
    expect(await axe(page)).toEqual([]);

    await holder.fill('Jane Doe');
    await page.getByLabel('Account number').pressSequentially('4030-8669');
    await page.getByLabel('Sort code').pressSequentially('56-00-36');
    expect(await page.getByLabel('Account number').inputValue()).toBe('40308669');
    expect(await page.getByLabel('Sort code').inputValue()).toBe('560036');
    await page.getByLabel('E-mail address').fill('jane@example.co.uk');
    // The consents by keyboard: Tab to each box and press Space.
    await page.getByLabel('E-mail address').press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Continue' }).click();

    const confirmAndPay = page.getByRole('button', { name: 'Confirm and pay £42.50' });
    await confirmAndPay.waitFor();
    expect(await holder.getAttribute('readonly')).not.toBeNull();
    expect(await axe(page)).toEqual([]);

    await page.getByRole('button', { name: 'Edit' }).click();
    await expect.poll(() => holder.getAttribute('readonly')).toBeNull();
    await holder.fill('Jane A. Doe');
    await page.getByRole('button', { name: 'Continue' }).click();
    await confirmAndPay.click();

    const download = page.getByRole('link', { name: /Download PDF/ });
    await download.waitFor({ timeout: 30_000 });
    expect(await page.getByText('Direct Debit set up').isVisible()).toBe(true);
    expect(await axe(page)).toEqual([]);
    const href = (await download.getAttribute('href')) ?? '';
    expect(href.startsWith(`${harness.gatewayUrl}/bacs/mandates/`)).toBe(true);
    const pdf = await fetch(href);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    await page.close();
  });
});

describe('bank transfer by IBAN in Chromium', () => {
  it('shows the bank details, stays pending, and is authorised once the simulator marks it received', async () => {
    const { page } = await harness.openDemo(
      `flow=advanced&component=bankTransfer_IBAN&currency=EUR&country=NL&amount=12345`,
    );
    const toggle = page.getByLabel('Send me a copy of the bank details by e-mail');
    await toggle.waitFor({ timeout: 30_000 });
    expect(await axe(page)).toEqual([]);

    await toggle.check();
    const email = page.getByLabel('E-mail address');
    await email.fill('jan@example');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(await axe(page)).toEqual([]);
    await email.fill('jan@example.nl');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: 'Pay by bank transfer' }).waitFor({ timeout: 30_000 });
    const voucher = (await page.locator('#payment').textContent()) ?? '';
    expect(voucher).toContain('€123.45');
    expect(voucher).toContain('jan@example.nl');
    expect(voucher).toMatch(/NL\d{2}ACTU\d{10}/);
    const reference = /AT[A-Z2-9]{4}-[A-Z2-9]{6}/.exec(voucher)?.[0];
    expect(reference).toBeDefined();
    for (const label of ['Copy IBAN', 'Copy BIC', 'Copy Beneficiary', 'Copy Reference'])
      expect(await page.getByRole('button', { name: label }).count()).toBe(1);
    expect(await axe(page)).toEqual([]);

    // The tester marks the transfer received on the gateway's simulator page.
    const desk = await harness.context.newPage();
    await desk.goto(`${harness.gatewayUrl}/sandbox/pending`);
    const row = desk.getByRole('row', { name: /bankTransfer_IBAN/ });
    // Still open: the payment waits for the money.
    expect(await row.textContent()).toContain('PresentToShopper');
    await row.getByRole('link').click();
    await desk.getByRole('button', { name: 'Mark the payment received' }).click();
    const settled = (await desk.getByRole('status').textContent()) ?? '';
    expect(settled).toContain('Authorised');
    const pspReference = /Payment (\S+) is now/.exec(settled)?.[1] ?? '';
    await expect.poll(() => webhookEvents(pspReference), { timeout: 15_000 }).toContain('AUTHORISATION:true');
    await desk.close();
    await page.close();
  });

  it('the drop-in offers it for DKK in Denmark and shows a Danish collection account', async () => {
    const { page } = await harness.openDemo(
      `flow=sessions&component=dropin&currency=DKK&country=DK&amount=50000`,
    );
    await page.getByRole('button', { name: /Bank Transfer/ }).click({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Pay by bank transfer' }).waitFor({ timeout: 30_000 });
    const voucher = (await page.locator('#payment').textContent()) ?? '';
    expect(voucher).toMatch(/DK\d{2}8999\d{10}/);
    expect(voucher).toContain('ACTUDKKK');
    expect(await axe(page)).toEqual([]);
    await page.close();
  });
});
