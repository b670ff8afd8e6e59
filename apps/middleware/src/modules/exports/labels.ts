import type { PdfLocale } from '../../shared/pdf-sheet.ts';
import { PDF_LABELS } from '../invoices/pdf-labels.ts';

/** The words of the cart and order PDF in each storefront language: the invoice's, and a few of its own. */
const OWN = {
  en: {
    cart: 'Cart',
    order: 'Order',
    date: 'Date',
    status: 'Status',
    tax: 'VAT',
    lines: (count: number) => `${count} ${count === 1 ? 'line' : 'lines'}`,
  },
  da: {
    cart: 'Indkøbskurv',
    order: 'Ordre',
    date: 'Dato',
    status: 'Status',
    tax: 'Moms',
    lines: (count: number) => `${count} ${count === 1 ? 'linje' : 'linjer'}`,
  },
  de: {
    cart: 'Warenkorb',
    order: 'Bestellung',
    date: 'Datum',
    status: 'Status',
    tax: 'MwSt.',
    lines: (count: number) => `${count} ${count === 1 ? 'Position' : 'Positionen'}`,
  },
} satisfies Record<PdfLocale, unknown>;

export const exportLabels = (locale: PdfLocale) => ({ ...PDF_LABELS[locale], ...OWN[locale] });
