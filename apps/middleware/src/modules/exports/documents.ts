import Papa from 'papaparse';
import { createPdfSheet, MARGIN, type PdfLocale, pdfFormats } from '../../shared/pdf-sheet.ts';
import { exportLabels } from './labels.ts';

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
  const label = exportLabels(locale);
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
  sheet.lineTable(
    label,
    order.lines.map((line) => ({
      item: line.salesItemNumber,
      description: line.name,
      quantity: format.quantity(line.quantity),
      unitPrice: format.decimal(line.unitPrice),
      amount: format.decimal(line.lineTotal),
    })),
  );
  const money = format.decimal;
  sheet.totals(
    isCart
      ? [[label.subtotal, money(order.subtotal), true]]
      : [
          [label.subtotal, money(order.subtotal), false],
          [label.shipping, money(order.shipping), false],
          [label.tax, money(order.tax), false],
          [label.total, money(order.total), true],
        ],
  );
  return sheet.document.save();
}
