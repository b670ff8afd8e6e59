import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { BacsMandate } from './family.ts';
import { formatMinorAmount } from './format.ts';

/** The mandate kept with the payment, and the payment it was signed for. */
export interface MandatePdfFacts extends BacsMandate {
  merchantAccount: string;
  merchantReference: string;
  amount: { currency: string; value: number };
}

/** The standard fonts speak WinAnsi only: anything else becomes "?" instead of failing the PDF. */
export const printable = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');

/** A one-page Direct Debit Instruction as the sandbox bank would file it. */
export async function mandatePdf(facts: MandatePdfFacts): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(`Direct Debit Instruction ${facts.mandateId}`);
  document.setProducer('Actuate sandbox payment gateway');
  const page = document.addPage([595, 842]);
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  let y = 780;
  const line = (text: string, options: { size?: number; strong?: boolean; gap?: number } = {}) => {
    const size = options.size ?? 11;
    page.drawText(printable(text), {
      x: 56,
      y,
      size,
      font: options.strong ? bold : regular,
      color: rgb(0.1, 0.1, 0.1),
    });
    y -= options.gap ?? size + 9;
  };
  line('Instruction to your bank or building society to pay by Direct Debit', {
    size: 15,
    strong: true,
    gap: 36,
  });
  line('SANDBOX DOCUMENT - no money moves', { strong: true, gap: 30 });
  const rows: [string, string][] = [
    ['Mandate reference', facts.mandateId],
    ['Account holder', facts.holderName],
    ['Sort code', facts.sortCode.replace(/(\d{2})(\d{2})(\d{2})/, '$1-$2-$3')],
    ['Account number', `****${facts.accountLastFour}`],
    ['E-mail', facts.shopperEmail],
    ['Payee', facts.merchantAccount],
    ['Order reference', facts.merchantReference],
    ['Amount', formatMinorAmount(facts.amount)],
    ['Confirmed at', facts.signedAt],
  ];
  for (const [label, value] of rows) {
    page.drawText(printable(label), { x: 56, y, size: 11, font: bold });
    page.drawText(printable(value), { x: 220, y, size: 11, font: regular });
    y -= 22;
  }
  y -= 16;
  line('Please pay the payee Direct Debits from the account detailed in this instruction,');
  line('subject to the safeguards assured by the Direct Debit Guarantee.');
  return document.save();
}
