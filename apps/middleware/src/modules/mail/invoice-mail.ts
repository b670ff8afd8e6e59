/** "Your invoice is available": to the company's invoice address, when the ERP invoices an order. */
import { longDate, minorMoney, type RenderedMail, render } from './templates.ts';
import type { MailLocale } from './texts.ts';

export interface InvoiceMailInput {
  /** The company's name: the invoice address is the company's, not a person's. */
  name: string;
  invoiceNumber: string;
  orderId: string;
  currency: string;
  /** Minor units, as the ERP reports them. */
  totalAmount: number;
  dueDate?: string | undefined;
  invoiceUrl: string;
}

const WORDS: Record<
  MailLocale,
  {
    subject: (number: string) => string;
    intro: (orderId: string) => string;
    invoiceNumber: string;
    total: string;
    dueDate: string;
    action: string;
  }
> = {
  en: {
    subject: (number) => `Invoice ${number} is available`,
    intro: (orderId) => `We have invoiced your order ${orderId}. The invoice is ready in the shop.`,
    invoiceNumber: 'Invoice number',
    total: 'Amount due',
    dueDate: 'Due date',
    action: 'View the invoice',
  },
  da: {
    subject: (number) => `Faktura ${number} er klar`,
    intro: (orderId) => `Vi har faktureret din ordre ${orderId}. Fakturaen ligger klar i shoppen.`,
    invoiceNumber: 'Fakturanummer',
    total: 'Beløb til betaling',
    dueDate: 'Forfaldsdato',
    action: 'Se fakturaen',
  },
  de: {
    subject: (number) => `Rechnung ${number} ist verfügbar`,
    intro: (orderId) =>
      `Wir haben Ihre Bestellung ${orderId} in Rechnung gestellt. Die Rechnung liegt im Shop bereit.`,
    invoiceNumber: 'Rechnungsnummer',
    total: 'Zahlbetrag',
    dueDate: 'Fällig am',
    action: 'Rechnung ansehen',
  },
};

export function invoiceMail(locale: MailLocale, input: InvoiceMailInput): RenderedMail {
  const words = WORDS[locale];
  const rows: [string, string][] = [
    [words.invoiceNumber, input.invoiceNumber],
    [words.total, minorMoney(locale, input.currency, input.totalAmount)],
    ...(input.dueDate ? ([[words.dueDate, longDate(locale, input.dueDate)]] as [string, string][]) : []),
  ];
  return render(locale, words.subject(input.invoiceNumber), input.name, [
    { kind: 'paragraph', text: words.intro(input.orderId) },
    { kind: 'details', rows },
    { kind: 'action', label: words.action, url: input.invoiceUrl },
  ]);
}
