/** "A credit note is available": to the company's invoice address, when the ERP credits an invoice. */
import { minorMoney, type RenderedMail, render } from './templates.ts';
import type { MailLocale } from './texts.ts';

export interface CreditNoteMailInput {
  /** The company's name: the invoice address is the company's, not a person's. */
  name: string;
  creditNoteNumber: string;
  invoiceNumber: string;
  orderId: string;
  currency: string;
  /** Minor units credited (shown as a positive amount). */
  creditedAmount: number;
  reason?: string | undefined;
  creditNoteUrl: string;
}

const WORDS: Record<
  MailLocale,
  {
    subject: (number: string) => string;
    intro: (invoiceNumber: string, orderId: string) => string;
    creditNoteNumber: string;
    invoiceNumber: string;
    amount: string;
    reason: string;
    action: string;
  }
> = {
  en: {
    subject: (number) => `Credit note ${number} is available`,
    intro: (invoice, orderId) =>
      `We have issued a credit note for invoice ${invoice} (order ${orderId}). It is ready in the shop.`,
    creditNoteNumber: 'Credit note number',
    invoiceNumber: 'Credits invoice',
    amount: 'Amount credited',
    reason: 'Reason',
    action: 'View the credit note',
  },
  da: {
    subject: (number) => `Kreditnota ${number} er klar`,
    intro: (invoice, orderId) =>
      `Vi har udstedt en kreditnota til faktura ${invoice} (ordre ${orderId}). Den ligger klar i shoppen.`,
    creditNoteNumber: 'Kreditnotanummer',
    invoiceNumber: 'Krediterer faktura',
    amount: 'Krediteret beløb',
    reason: 'Årsag',
    action: 'Se kreditnotaen',
  },
  de: {
    subject: (number) => `Gutschrift ${number} ist verfügbar`,
    intro: (invoice, orderId) =>
      `Wir haben zu Rechnung ${invoice} (Bestellung ${orderId}) eine Gutschrift erstellt. Sie liegt im Shop bereit.`,
    creditNoteNumber: 'Gutschriftsnummer',
    invoiceNumber: 'Zu Rechnung',
    amount: 'Gutgeschriebener Betrag',
    reason: 'Grund',
    action: 'Gutschrift ansehen',
  },
};

export function creditNoteMail(locale: MailLocale, input: CreditNoteMailInput): RenderedMail {
  const words = WORDS[locale];
  const rows: [string, string][] = [
    [words.creditNoteNumber, input.creditNoteNumber],
    [words.invoiceNumber, input.invoiceNumber],
    [words.amount, minorMoney(locale, input.currency, input.creditedAmount)],
    ...(input.reason ? ([[words.reason, input.reason]] as [string, string][]) : []),
  ];
  return render(locale, words.subject(input.creditNoteNumber), input.name, [
    { kind: 'paragraph', text: words.intro(input.invoiceNumber, input.orderId) },
    { kind: 'details', rows },
    { kind: 'action', label: words.action, url: input.creditNoteUrl },
  ]);
}
