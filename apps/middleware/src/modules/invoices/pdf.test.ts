import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { InvoiceDetail } from './models.ts';
import { invoicePdf } from './pdf.ts';

const invoice: InvoiceDetail = {
  invoiceNumber: 'INV-ADK-2026-000042',
  kind: 'Invoice',
  creditsInvoiceNumber: null,
  reason: null,
  orderNumber: 'SO-ADK-000017',
  webShopOrderId: 'order-abc',
  customerErpId: 'ADK-100001',
  contactErpId: 'ADK-200001',
  salesCompanyId: 'ADK',
  customerReference: 'PO-4711',
  currency: 'DKK',
  netAmount: 1_000_000,
  shippingAmount: 9_500,
  vatRateBasisPoints: 2500,
  vatAmount: 252_375,
  totalAmount: 1_261_875,
  issuedAt: '2026-03-05T10:00:00.000Z',
  issueDate: '2026-03-05',
  dueDate: '2026-04-04',
  paymentTermsDays: 30,
  seller: { salesCompanyId: 'ADK', name: 'Actuate Danmark ApS', vatNumber: 'DK12345678', countryCode2: 'DK' },
  buyer: {
    customerErpId: 'ADK-100001',
    name: 'Ørsted Ærø Maschinenbau',
    vatNumber: 'DK29403187',
    countryCode2: 'DK',
    address: {
      companyName: 'Ørsted Ærø Maschinenbau',
      street1: 'Åboulevarden 12',
      street2: null,
      zip: '8000',
      city: 'Aarhus',
      state: '',
      countryCode2: 'DK',
    },
  },
  lines: [
    {
      lineNumber: 10,
      webShopLineItemId: 'li-1',
      salesItemNumber: 'LA36-100',
      description: 'Linear actuator LA36, 100 mm stroke',
      quantity: 8,
      unitPrice: 125_000,
      lineAmount: 1_000_000,
    },
  ],
  creditNotes: [],
};

const creditNote: InvoiceDetail = {
  ...invoice,
  invoiceNumber: 'CN-ADK-2026-000007',
  kind: 'CreditNote',
  creditsInvoiceNumber: 'INV-ADK-2026-000042',
  reason: 'Beschädigt geliefert',
  netAmount: -250_000,
  shippingAmount: 0,
  vatAmount: -62_500,
  totalAmount: -312_500,
  issuedAt: '2026-03-20T10:00:00.000Z',
  issueDate: '2026-03-20',
  dueDate: '2026-03-20',
  lines: [{ ...invoice.lines[0]!, quantity: 2, lineAmount: -250_000 }],
};

/** Text of every page, joined (what a reader copies out of the PDF). */
async function textOf(bytes: Uint8Array): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(document, { mergePages: true });
  // Intl puts no-break spaces between amount and currency; compare with plain spaces.
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

describe('invoice PDF', () => {
  it('reads in Danish: labels, number, VAT, totals, dates and buyer formatted for da', async () => {
    const text = await textOf(await invoicePdf(invoice, 'da'));
    expect(text).toContain('Faktura');
    expect(text).toContain('INV-ADK-2026-000042');
    expect(text).toContain('Ørsted Ærø Maschinenbau');
    expect(text).toContain('DK29403187');
    expect(text).toContain('Moms 25 %');
    expect(text).toContain('2.523,75 kr.');
    expect(text).toContain('I alt');
    expect(text).toContain('12.618,75 kr.');
    expect(text).toContain('4. april 2026');
    expect(text).toContain('Actuate Danmark ApS');
    expect(text).not.toContain('Rechnung');
  });

  it('reads in German with German number, currency and date formats', async () => {
    const text = await textOf(await invoicePdf(invoice, 'de'));
    expect(text).toContain('Rechnung');
    expect(text).toContain('INV-ADK-2026-000042');
    expect(text).toContain('Ørsted Ærø Maschinenbau');
    expect(text).toContain('MwSt. 25 %');
    expect(text).toContain('2.523,75 DKK');
    expect(text).toContain('Gesamtbetrag');
    expect(text).toContain('12.618,75 DKK');
    expect(text).toContain('4. April 2026');
    expect(text).toContain('Dänemark');
  });

  it('reads in English and starts a new page when the lines do not fit on one', async () => {
    const many = {
      ...invoice,
      lines: Array.from({ length: 80 }, (_, index) => ({
        ...invoice.lines[0]!,
        lineNumber: (index + 1) * 10,
      })),
    };
    const bytes = await invoicePdf(many, 'en');
    const document = await getDocumentProxy(new Uint8Array(bytes));
    expect(document.numPages).toBeGreaterThan(1);
    const text = await textOf(bytes);
    expect(text).toContain('Invoice');
    expect(text).toContain('DKK 12,618.75');
    expect(text).toContain('April 4, 2026');
  });

  it('titles a credit note so, names the invoice it credits and shows negative amounts, in each language', async () => {
    const de = await textOf(await invoicePdf(creditNote, 'de'));
    expect(de).toContain('Gutschrift');
    expect(de).toContain('CN-ADK-2026-000007');
    expect(de).toContain('Zu Rechnung');
    expect(de).toContain('INV-ADK-2026-000042');
    expect(de).toContain('Beschädigt geliefert');
    expect(de).toContain('-3.125,00 DKK');
    expect(de).toContain('20. März 2026');
    expect(de).not.toContain('Fällig am');
    const da = await textOf(await invoicePdf(creditNote, 'da'));
    expect(da).toContain('Kreditnota');
    expect(da).toContain('Krediterer faktura');
    expect(da).toContain('-3.125,00 kr.');
    const en = await textOf(await invoicePdf(creditNote, 'en'));
    expect(en).toContain('Credit note');
    expect(en).toContain('Credits invoice');
    expect(en).toContain('-DKK 3,125.00');
    expect(en).not.toContain('Please pay');
  });
});
