import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { InvoiceDetail, InvoiceLocale } from './models.ts';
import { PDF_LABELS } from './pdf-labels.ts';

const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.4, 0.4, 0.4);

/**
 * The standard fonts encode WinAnsi only: narrow no-break spaces and minus signs that Intl writes become
 * their WinAnsi neighbours, anything else unprintable a question mark.
 */
function printable(text: string): string {
  return text
    .replace(/[\u202f\u2009]/g, '\u00a0')
    .replace(/\u2212/g, '-')
    .replace(/[^\u0020-\u00ff\u20ac\u2013\u2014\u2018\u2019\u201c\u201d\u2026]/g, '?');
}

/** Number, money, date and country formats of the buyer's language. */
function formats(locale: InvoiceLocale, currency: string) {
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = money.resolvedOptions().maximumFractionDigits ?? 2;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const countries = new Intl.DisplayNames([locale], { type: 'region' });
  return {
    money: (minor: number) => money.format(minor / 10 ** digits),
    quantity: (value: number) => new Intl.NumberFormat(locale).format(value),
    percent: (basisPoints: number) =>
      new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
        basisPoints / 10_000,
      ),
    date: (isoDate: string) => date.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`)),
    country: (code: string) => (code ? (countries.of(code) ?? code) : ''),
  };
}

interface Pen {
  page: PDFPage;
  y: number;
}

/** The invoice as a PDF (A4), labelled and formatted in the buyer's language. */
export async function invoicePdf(invoice: InvoiceDetail, locale: InvoiceLocale): Promise<Uint8Array> {
  const label = PDF_LABELS[locale];
  const format = formats(locale, invoice.currency);
  const document = await PDFDocument.create();
  document.setTitle(`${label.title} ${invoice.invoiceNumber}`);
  document.setAuthor(invoice.seller.name);
  document.setLanguage(locale);
  document.setProducer('Actuate middleware');
  document.setCreationDate(new Date(invoice.issuedAt));
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const pen: Pen = { page: document.addPage(PAGE), y: PAGE[1] - MARGIN };

  const write = (
    text: string,
    x: number,
    options: { font?: PDFFont; size?: number; right?: boolean; muted?: boolean } = {},
  ) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const safe = printable(text);
    const left = options.right ? x - font.widthOfTextAtSize(safe, size) : x;
    pen.page.drawText(safe, { x: left, y: pen.y, size, font, color: options.muted ? MUTED : INK });
  };
  const newLine = (height = 14) => {
    pen.y -= height;
    if (pen.y < MARGIN + 40) {
      pen.page = document.addPage(PAGE);
      pen.y = PAGE[1] - MARGIN;
    }
  };

  // Title and seller.
  write(label.title, MARGIN, { font: bold, size: 22 });
  write(invoice.seller.name, PAGE[0] - MARGIN, { font: bold, size: 11, right: true });
  newLine(16);
  write(`${label.vatNumber} ${invoice.seller.vatNumber}`, PAGE[0] - MARGIN, { right: true, muted: true });
  newLine();
  write(format.country(invoice.seller.countryCode2), PAGE[0] - MARGIN, { right: true, muted: true });
  newLine(30);

  // Buyer on the left, invoice facts on the right.
  const top = pen.y;
  const { buyer } = invoice;
  const address = buyer.address;
  const buyerLines = [
    buyer.name,
    ...(address
      ? [
          address.companyName && address.companyName !== buyer.name ? address.companyName : null,
          address.street1,
          address.street2,
          `${address.zip} ${address.city}`,
          format.country(address.countryCode2),
        ]
      : [format.country(buyer.countryCode2)]),
    `${label.vatNumber} ${buyer.vatNumber}`,
    `${label.customerNumber} ${buyer.customerErpId}`,
  ].filter((line): line is string => Boolean(line));
  write(label.buyer, MARGIN, { font: bold, muted: true });
  newLine();
  for (const [index, line] of buyerLines.entries()) {
    write(line, MARGIN, index === 0 ? { font: bold } : {});
    newLine();
  }
  const bottomOfBuyer = pen.y;
  pen.y = top;
  const facts: [string, string][] = [
    [label.invoiceNumber, invoice.invoiceNumber],
    [label.issueDate, format.date(invoice.issueDate)],
    [label.dueDate, format.date(invoice.dueDate)],
    [label.paymentTerms, label.days(invoice.paymentTermsDays)],
    [label.orderNumber, invoice.orderNumber],
    [label.webOrder, invoice.webShopOrderId],
    ...(invoice.customerReference ? [[label.reference, invoice.customerReference] as [string, string]] : []),
  ];
  for (const [name, value] of facts) {
    write(name, 320, { muted: true });
    write(value, PAGE[0] - MARGIN, { right: true, font: name === label.invoiceNumber ? bold : regular });
    newLine();
  }
  pen.y = Math.min(pen.y, bottomOfBuyer) - 20;

  // Lines.
  const columns = { item: MARGIN, description: 150, quantity: 360, unitPrice: 455, amount: PAGE[0] - MARGIN };
  const header = () => {
    write(label.item, columns.item, { font: bold });
    write(label.description, columns.description, { font: bold });
    write(label.quantity, columns.quantity, { font: bold, right: true });
    write(label.unitPrice, columns.unitPrice, { font: bold, right: true });
    write(label.amount, columns.amount, { font: bold, right: true });
    pen.page.drawLine({
      start: { x: MARGIN, y: pen.y - 4 },
      end: { x: PAGE[0] - MARGIN, y: pen.y - 4 },
      thickness: 0.5,
      color: MUTED,
    });
    newLine(18);
  };
  header();
  for (const line of invoice.lines) {
    write(line.salesItemNumber, columns.item);
    write(
      fit(line.description, regular, 10, columns.quantity - columns.description - 60),
      columns.description,
    );
    write(format.quantity(line.quantity), columns.quantity, { right: true });
    write(format.money(line.unitPrice), columns.unitPrice, { right: true });
    write(format.money(line.lineAmount), columns.amount, { right: true });
    newLine();
  }
  newLine(10);

  // Totals.
  const totals: [string, number, boolean][] = [
    [label.subtotal, invoice.netAmount, false],
    [label.shipping, invoice.shippingAmount, false],
    [label.vat(format.percent(invoice.vatRateBasisPoints)), invoice.vatAmount, false],
    [label.total, invoice.totalAmount, true],
  ];
  for (const [name, amount, strong] of totals) {
    const font = strong ? bold : regular;
    write(name, columns.unitPrice, { right: true, font });
    write(format.money(amount), columns.amount, { right: true, font });
    newLine(strong ? 18 : 14);
  }
  newLine(16);
  write(label.payBy(format.date(invoice.dueDate)), MARGIN, { muted: true });
  return document.save();
}

/** Shortens a text with an ellipsis until it fits the width. */
function fit(text: string, font: PDFFont, size: number, width: number): string {
  let shown = printable(text);
  while (shown.length > 1 && font.widthOfTextAtSize(shown, size) > width) shown = `${shown.slice(0, -2)}…`;
  return shown;
}
