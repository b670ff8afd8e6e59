import { createPdfSheet, MARGIN, PAGE, pdfFormats } from '../../shared/pdf-sheet.ts';
import type { InvoiceDetail, InvoiceLocale } from './models.ts';
import { PDF_LABELS } from './pdf-labels.ts';

/**
 * The invoice or credit note as a PDF (A4), labelled and formatted in the buyer's language. A credit
 * note is titled so, names the invoice it credits and its reason, and has no due date.
 */
export async function invoicePdf(invoice: InvoiceDetail, locale: InvoiceLocale): Promise<Uint8Array> {
  const label = PDF_LABELS[locale];
  const isCreditNote = invoice.kind === 'CreditNote';
  const title = isCreditNote ? label.creditNoteTitle : label.title;
  const format = pdfFormats(locale, invoice.currency);
  const sheet = await createPdfSheet({
    title: `${title} ${invoice.invoiceNumber}`,
    author: invoice.seller.name,
    locale,
    createdAt: new Date(invoice.issuedAt),
  });
  const { document, regular, bold, pen, write, newLine } = sheet;

  // Title and seller.
  write(title, MARGIN, { font: bold, size: 22 });
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
  const numberLabel = isCreditNote ? label.creditNoteNumber : label.invoiceNumber;
  const facts: [string, string][] = [
    [numberLabel, invoice.invoiceNumber],
    ...((isCreditNote
      ? [
          [label.creditNoteDate, format.date(invoice.issueDate)],
          [label.creditsInvoice, invoice.creditsInvoiceNumber ?? ''],
        ]
      : [
          [label.issueDate, format.date(invoice.issueDate)],
          [label.dueDate, format.date(invoice.dueDate)],
          [label.paymentTerms, label.days(invoice.paymentTermsDays)],
        ]) as [string, string][]),
    [label.orderNumber, invoice.orderNumber],
    [label.webOrder, invoice.webShopOrderId],
    ...(invoice.customerReference ? [[label.reference, invoice.customerReference] as [string, string]] : []),
  ];
  for (const [name, value] of facts) {
    write(name, 320, { muted: true });
    write(value, PAGE[0] - MARGIN, { right: true, font: name === numberLabel ? bold : regular });
    newLine();
  }
  pen.y = Math.min(pen.y, bottomOfBuyer) - 20;

  sheet.lineTable(
    label,
    invoice.lines.map((line) => ({
      item: line.salesItemNumber,
      description: line.description,
      quantity: format.quantity(line.quantity),
      unitPrice: format.money(line.unitPrice),
      amount: format.money(line.lineAmount),
    })),
  );
  sheet.totals([
    [label.subtotal, format.money(invoice.netAmount), false],
    [label.shipping, format.money(invoice.shippingAmount), false],
    [label.vat(format.percent(invoice.vatRateBasisPoints)), format.money(invoice.vatAmount), false],
    [label.total, format.money(invoice.totalAmount), true],
  ]);
  newLine(16);
  if (isCreditNote) {
    write(`${label.reason}: ${invoice.reason ?? ''}`, MARGIN, { muted: true });
    newLine();
    write(label.credited(invoice.creditsInvoiceNumber ?? ''), MARGIN, { muted: true });
  } else {
    write(label.payBy(format.date(invoice.dueDate)), MARGIN, { muted: true });
  }
  return document.save();
}
