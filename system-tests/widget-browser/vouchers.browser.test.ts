import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, settleFromSandbox, useHarness } from './harness.ts';

/**
 * Voucher methods through the demo page against the real gateway: the form, the voucher the shopper
 * takes to a bank or shop (reference, barcode image, PDF), and the payment settled days later from
 * the gateway's sandbox.
 */
const harness = useHarness();
const axe = (page: Page) => axeViolations(page, { seriousOnly: true });

/** Whether an image on the page has loaded (a broken image has no natural width). */
const imageLoaded = (page: Page, name: string | RegExp) =>
  page
    .getByRole('img', { name })
    .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);

async function expectPdf(page: Page) {
  const href = (await page.getByRole('link', { name: /Download/ }).getAttribute('href')) ?? '';
  expect(href.startsWith(`${harness.gatewayUrl}/`)).toBe(true);
  const pdf = await fetch(href);
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get('content-type')).toContain('application/pdf');
}

describe('vouchers in Chromium', () => {
  it('Boleto: personal details and a Brazilian address → a boleto with its barcode and PDF, paid later', async () => {
    const { page } = await harness.openDemo(
      'flow=sessions&component=boletobancario&currency=BRL&country=BR&amount=15000',
    );
    const generate = page.getByRole('button', { name: 'Generate boleto' });
    await generate.waitFor({ timeout: 30_000 });
    expect(await axe(page)).toEqual([]);

    // Nothing filled: the first field is marked and focused.
    await generate.click();
    const firstName = page.getByLabel('First name');
    await expect.poll(() => firstName.getAttribute('aria-invalid')).toBe('true');
    expect(await axe(page)).toEqual([]);

    await firstName.fill('João');
    await page.getByLabel('Last name').fill('Silva');
    await page.getByLabel('CPF/CNPJ').fill('529.982.247-25');
    await page.getByLabel('Street').fill('Avenida Paulista');
    await page.getByLabel('House number').fill('1000');
    await page.getByLabel('Postal code').fill('01310-100');
    await page.getByLabel('City').fill('São Paulo');
    await page.locator('select[name="stateOrProvince"]').selectOption('SP');
    await generate.click();

    await page.getByRole('heading', { name: /Boleto/ }).waitFor({ timeout: 30_000 });
    const voucher = (await page.locator('#payment').textContent()) ?? '';
    expect(voucher).toMatch(/\d{5}\.?\d{5}/);
    await expect.poll(() => imageLoaded(page, /^Barcode of/)).toBe(true);
    expect(await page.getByRole('button', { name: /Copy/ }).count()).toBeGreaterThan(0);
    await expectPdf(page);
    expect(await axe(page)).toEqual([]);

    expect(await settleFromSandbox(harness, 'boletobancario')).toContain('Authorised');
    await page.close();
  });

  it('OXXO: a pay button → a reference with a Code 128 barcode', async () => {
    const { page } = await harness.openDemo(
      'flow=advanced&component=oxxo&currency=MXN&country=MX&amount=25000',
    );
    await page
      .getByRole('button', { name: /Confirm|Pay|Continue/ })
      .first()
      .click({ timeout: 30_000 });
    await page.getByRole('heading', { name: /OXXO/ }).waitFor({ timeout: 30_000 });
    await expect.poll(() => imageLoaded(page, /^Barcode of/)).toBe(true);
    await expectPdf(page);
    expect(await axe(page)).toEqual([]);
    await page.close();
  });

  it('Multibanco: entity and reference to pay at an ATM', async () => {
    const { page } = await harness.openDemo(
      'flow=sessions&component=multibanco&currency=EUR&country=PT&amount=4200',
    );
    await page
      .getByRole('button', { name: /Confirm|Pay|Continue/ })
      .first()
      .click({ timeout: 30_000 });
    await page.getByRole('heading', { name: /Multibanco/ }).waitFor({ timeout: 30_000 });
    const voucher = (await page.locator('#payment').textContent()) ?? '';
    expect(voucher).toContain('Entity');
    expect(voucher).toMatch(/\d{3} ?\d{3} ?\d{3}/);
    expect(await axe(page)).toEqual([]);
    expect(await settleFromSandbox(harness, 'multibanco')).toContain('Authorised');
    await page.close();
  });
});
