import Papa from 'papaparse';
import { createPdfSheet, MARGIN, PAGE, type PdfLocale, pdfFormats } from '../../shared/pdf-sheet.ts';
import { EXPORT_LABELS } from './labels.ts';

/** An order (or the cart) as the buyer's token reads it: OrderCloud's decimals in the order's currency. */
export interface ExportedOrder {
  id: string;
  status: string;
  currency: string;
  dateCreated: string | null;
  dateSubmitted: string | null;
  customerReference: string | null;
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
  lines: { salesItemNumber: string; name: string; quantity: number; unitPrice: number; lineTotal: number }[];
}

/**
 * The order's lines as CSV. The first two columns are the quick order's (`salesItemNumber,quantity`),
 * so an exported cart can be uploaded again; cells a spreadsheet would read as a formula are escaped.
 */
export function orderCsv(order: ExportedOrder): string {
  return `${Papa.unparse(
    {
      fields: ['salesItemNumber', 'quantity', 'name', 'unitPrice', 'lineTotal', 'currency'],
      data: order.lines.map((line) => [
        line.salesItemNumber,
        line.quantity,
        line.name,
        line.unitPrice,
        line.lineTotal,
        order.currency,
      ]),
    },
    { escapeFormulae: true, newline: '\r\n' },
  )}\r\n`;
}

/** The order as a PDF (A4) in the buyer's language: its facts, its lines and totals. */
export async function orderPdf(
  order: ExportedOrder,
  locale: PdfLocale,
  isCart: boolean,
): Promise<Uint8Array> {
  const label = EXPORT_LABELS[locale];
  const format = pdfFormats(locale, order.currency);
  const title = isCart ? label.cart : `${label.order} ${order.id}`;
  const sheet = await createPdfSheet({
    title,
    author: 'Actuate',
    locale,
    createdAt: new Date(order.dateCreated ?? Date.now()),
  });
  const { bold, write, newLine } = sheet;
  write(title, MARGIN, { font: bold, size: 20 });
  newLine(26);
  const date = order.dateSubmitted ?? order.dateCreated;
  const facts: [string, string][] = [
    ...(date ? [[label.date, format.date(date)] as [string, string]] : []),
    ...(isCart ? [] : [[label.status, order.status] as [string, string]]),
    ...(order.customerReference ? [[label.reference, order.customerReference] as [string, string]] : []),
    [label.lines(order.lines.length), ''],
  ];
  for (const [name, value] of facts) {
    write(name, MARGIN, { muted: true });
    if (value) write(value, 200);
    newLine();
  }
  newLine(10);
  const columns = { item: MARGIN, description: 130, quantity: 360, unitPrice: 455, amount: PAGE[0] - MARGIN };
  write(label.item, columns.item, { font: bold });
  write(label.description, columns.description, { font: bold });
  write(label.quantity, columns.quantity, { font: bold, right: true });
  write(label.unitPrice, columns.unitPrice, { font: bold, right: true });
  write(label.amount, columns.amount, { font: bold, right: true });
  sheet.rule();
  newLine(18);
  for (const line of order.lines) {
    write(line.salesItemNumber, columns.item);
    write(sheet.fit(line.name, columns.quantity - columns.description - 50), columns.description);
    write(format.quantity(line.quantity), columns.quantity, { right: true });
    write(format.decimal(line.unitPrice), columns.unitPrice, { right: true });
    write(format.decimal(line.lineTotal), columns.amount, { right: true });
    newLine();
  }
  newLine(10);
  const totals: [string, number, boolean][] = isCart
    ? [[label.subtotal, order.subtotal, true]]
    : [
        [label.subtotal, order.subtotal, false],
        [label.shipping, order.shipping, false],
        [label.tax, order.tax, false],
        [label.total, order.total, true],
      ];
  for (const [name, amount, strong] of totals) {
    const font = strong ? bold : sheet.regular;
    write(name, columns.unitPrice, { right: true, font });
    write(format.decimal(amount), columns.amount, { right: true, font });
    newLine(strong ? 18 : 14);
  }
  return sheet.document.save();
}
