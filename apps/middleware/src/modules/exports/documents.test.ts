import Papa from 'papaparse';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { type ExportedOrder, orderCsv, orderPdf } from './documents.ts';

const order: ExportedOrder = {
  id: 'order-1',
  status: 'Open',
  currency: 'DKK',
  dateCreated: '2026-03-05T10:00:00.000Z',
  dateSubmitted: '2026-03-05T11:00:00.000Z',
  customerReference: 'PO-4711',
  subtotal: 3500,
  shipping: 95,
  tax: 898.75,
  total: 4493.75,
  lines: [
    { salesItemNumber: 'A10001', name: 'Actuator, 24 V', quantity: 2, unitPrice: 1000, lineTotal: 2000 },
    { salesItemNumber: 'A10002', name: '=HYPERLINK("x")', quantity: 1, unitPrice: 1500, lineTotal: 1500 },
  ],
};

describe('orderCsv', () => {
  it('starts with the quick order’s columns, quotes commas and escapes formulae', () => {
    const csv = orderCsv(order);
    const rows = Papa.parse<string[]>(csv.trim()).data;
    expect(rows[0]).toEqual(['salesItemNumber', 'quantity', 'name', 'unitPrice', 'lineTotal', 'currency']);
    expect(rows[1]).toEqual(['A10001', '2', 'Actuator, 24 V', '1000', '2000', 'DKK']);
    expect(rows[2]?.[2]).toBe(`'=HYPERLINK("x")`);
  });
});

describe('orderPdf', () => {
  it('lists the lines and totals in the buyer’s language', async () => {
    const bytes = await orderPdf(order, 'da', false);
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text).toContain('Ordre order-1');
    expect(text).toContain('A10002');
    expect(text).toContain('I alt');
    expect(text).toMatch(/4\.493,75/);
  });

  it('titles a cart as the cart, without the order’s shipping and VAT', async () => {
    const bytes = await orderPdf({ ...order, status: 'Unsubmitted' }, 'en', true);
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text).toContain('Cart');
    expect(text).toContain('Subtotal');
    expect(text).not.toContain('Shipping');
  });
});
