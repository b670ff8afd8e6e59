import { readFile } from 'node:fs/promises';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  axeViolations,
  buyerToken,
  call,
  creditInvoice,
  placeOrder,
  progress,
  signIn,
  waitFor,
} from './account-helpers.ts';
import { type Browser, openBrowser, saveScreenshot } from './browser.ts';

/*
 * Invoices in the shop: an order of anna's is taken through the ERP to Invoiced by the back office's
 * progression triggers; the order page links to its invoice, the invoice page shows lines, VAT and due
 * date, and its PDF downloads in the page's language (Danish) with the right number, total and buyer.
 * A credit note the back office then issues against the invoice shows on the order page, in the list
 * (kind filter) and linked both ways with the invoice; its PDF is a "Kreditnota" naming the invoice.
 */
const TEST_TIMEOUT_MS = 180_000;

describe('storefront invoices', () => {
  const urls = inject('urls');
  const storefront = urls.STOREFRONT_URL as string;
  const platform = urls.PLATFORM_URL as string;
  const backoffice = urls.BACKOFFICE_URL as string;
  let browser: Browser;

  beforeAll(async () => {
    browser = await openBrowser({ locale: 'da-DK' });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it(
    'opens the invoice of an invoiced order from the order page and downloads its PDF in Danish',
    async () => {
      const anna = await buyerToken(platform, 'anna@acme-dk.example');
      const order = await placeOrder(platform, anna, { quantity: 2 });
      const orderId = order.ID as string;
      const orderNumber = await waitFor('the ERP order number', async () => {
        const current = await call(platform, anna, 'GET', `/v1/orders/Outgoing/${orderId}`);
        return (current.xp as { OrderNumber?: string } | undefined)?.OrderNumber;
      });
      for (const step of ['confirm', 'ship', 'ship', 'invoice'] as const) {
        await progress(backoffice, orderNumber, step);
      }

      const { page } = browser;
      await signIn(page, storefront, 'anna@acme-dk.example', 'da');
      await page.goto(`${storefront}/da/orders/${orderId}`);
      const invoiceLink = page.getByTestId('order-invoices').getByRole('link', { name: /^Faktura INV-/ });
      await invoiceLink.waitFor({ timeout: 30_000 });
      const invoiceNumber = ((await invoiceLink.textContent()) ?? '').replace('Faktura ', '').trim();
      expect(invoiceNumber).toMatch(/^INV-ADK-\d{4}-\d{6}$/);

      await invoiceLink.click();
      await page.getByTestId('invoice-detail').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Faktura ${invoiceNumber}`);
      const totals = (await page.getByTestId('invoice-totals').textContent()) ?? '';
      expect(totals).toContain('Moms 25');
      expect(totals).toMatch(/I alt[\d.,\s]+kr\./);
      expect(await page.getByTestId('invoice-buyer').textContent()).toContain('ACME Industri A/S');
      expect(await page.getByTestId('invoice-order-link').textContent()).toBe(orderId);
      expect(await axeViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 360, height: 800 });
      await saveScreenshot(page, 'invoice-da-360');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('invoice-pdf').click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
      const bytes = await readFile(await download.path());
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
      const plain = text.replace(/[\u00a0\u202f]/g, ' ');
      expect(plain).toContain('Faktura');
      expect(plain).toContain(invoiceNumber);
      expect(plain).toContain('ACME Industri A/S');
      expect(plain).toContain('Moms 25 %');
      const total = totals.match(/I alt\s*([\d.,]+\s*kr\.)/)?.[1]?.replace(/\s+/g, ' ');
      expect(total).toBeTruthy();
      expect(plain).toContain(total as string);

      // The back office credits one unit of the invoice's line: a credit note appears everywhere.
      await page.setViewportSize({ width: 1280, height: 800 });
      const note = await creditInvoice(backoffice, invoiceNumber, {
        reason: 'Beskadiget ved levering',
        lines: [{ lineNumber: 10, quantity: 1 }],
      });
      const noteNumber = note.invoiceNumber;
      expect(noteNumber).toMatch(/^CN-ADK-\d{4}-\d{6}$/);
      await page.goto(`${storefront}/da/orders/${orderId}`);
      await page
        .getByTestId('order-invoices')
        .getByRole('link', { name: `Kreditnota ${noteNumber}` })
        .waitFor();
      await page.goto(`${storefront}/da/invoices?kind=CreditNote`);
      const listed = page.getByTestId('invoices-table');
      await listed.getByRole('link', { name: `Se kreditnota ${noteNumber}` }).waitFor();
      expect(await listed.textContent()).toContain(`Krediterer ${invoiceNumber}`);
      expect(await page.getByLabel('Bilagstype').inputValue()).toBe('CreditNote');
      await listed.getByRole('link', { name: `Se kreditnota ${noteNumber}` }).click();
      await page.getByTestId('invoice-detail').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Kreditnota ${noteNumber}`);
      expect(await page.getByTestId('invoice-totals').textContent()).toMatch(/I alt\s*-[\d.,]+\s*kr\./);
      expect(await axeViolations(page)).toEqual([]);
      const [noteDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('invoice-pdf').click(),
      ]);
      const noteBytes = await readFile(await noteDownload.path());
      const noteText = (
        await extractText(await getDocumentProxy(new Uint8Array(noteBytes)), { mergePages: true })
      ).text.replace(/[\u00a0\u202f]/g, ' ');
      expect(noteText).toContain('Kreditnota');
      expect(noteText).toContain(noteNumber);
      expect(noteText).toContain('Krediterer faktura');
      expect(noteText).toContain(invoiceNumber);
      expect(noteText).toContain('Beskadiget ved levering');
      await page.getByTestId('credited-invoice-link').click();
      await page
        .getByTestId('invoice-credit-notes')
        .getByRole('link', { name: `Kreditnota ${noteNumber}` })
        .waitFor();

      // Another company's buyer gets neither the page nor the file.
      await signIn(page, storefront, 'clara@bauer-de.example', 'de');
      await page.goto(`${storefront}/de/invoices/${invoiceNumber}`);
      await page.getByRole('alert').filter({ hasText: 'Diese Rechnung gibt es nicht' }).waitFor();
      const refused = await page.request.get(`${storefront}/de/invoices/${invoiceNumber}/pdf`);
      expect(refused.status()).toBe(404);
    },
    TEST_TIMEOUT_MS,
  );
});
