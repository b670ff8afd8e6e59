import { toBuffer } from 'bwip-js/node';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { formatMinorAmount } from '../bacs/format.ts';
import { printable } from '../bacs/mandate-pdf.ts';
import type { VoucherDetails } from './family.ts';

/** The voucher action as the payment keeps it, and the payment's facts. */
export interface VoucherPdfFacts {
  methodName: string;
  action: Record<string, unknown>;
  details: VoucherDetails;
  merchantReference: string;
  amount: { currency: string; value: number };
}

/** The barcode endpoint's symbology names, drawn by bwip-js as there. */
const SYMBOLOGY = { BT_Int2of5A: 'interleaved2of5', BT_Code128C: 'code128' } as const;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The rows printed under the reference: only those the voucher has. */
function rows(facts: VoucherPdfFacts): [string, string][] {
  const { action, details } = facts;
  const candidates: [string, string | undefined][] = [
    ['Entity', text(action.entity)],
    ['Reference', text(action.reference)],
    ['Alternative reference', text(action.alternativeReference)],
    ['Collection institution number', text(action.collectionInstitutionNumber)],
    ['Amount', formatMinorAmount(facts.amount)],
    [
      'Pay before',
      text(action.expiresAt)
        ?.replace('T', ' ')
        .replace(/\.\d+Z$/, ' UTC'),
    ],
    ['Payee', text(action.merchantName)],
    ['Order reference', facts.merchantReference],
    ['Shopper', details.shopperName],
    ['Telephone', text(action.maskedTelephoneNumber)],
    ['Pay at', details.issuerName],
    ['E-mail', text(action.shopperEmail)],
  ];
  return candidates.filter((row): row is [string, string] => row[1] !== undefined);
}

/** A one-page voucher: what to pay, where and by when, with the reference's barcode when it has one. */
export async function voucherPdf(facts: VoucherPdfFacts): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(`${facts.methodName} voucher ${text(facts.action.reference) ?? ''}`.trim());
  document.setProducer('Actuate sandbox payment gateway');
  const page = document.addPage([595, 842]);
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.1);
  let y = 780;
  page.drawText(printable(`${facts.methodName} payment voucher`), {
    x: 56,
    y,
    size: 18,
    font: bold,
    color: ink,
  });
  y -= 30;
  page.drawText('SANDBOX DOCUMENT - no money moves', { x: 56, y, size: 11, font: bold, color: ink });
  y -= 36;
  for (const [label, value] of rows(facts)) {
    page.drawText(printable(label), { x: 56, y, size: 11, font: bold, color: ink });
    page.drawText(printable(value), { x: 230, y, size: 11, font: regular, color: ink });
    y -= 22;
  }
  const { barcode } = facts.details;
  if (barcode) {
    const png = await toBuffer({ bcid: SYMBOLOGY[barcode.type], text: barcode.data, scale: 2, height: 12 });
    const image = await document.embedPng(png);
    const width = Math.min(483, image.width);
    const height = (image.height * width) / image.width;
    y -= height + 16;
    page.drawImage(image, { x: 56, y, width, height });
    y -= 20;
    page.drawText(printable(barcode.data), { x: 56, y, size: 9, font: regular, color: ink });
  }
  return document.save();
}
