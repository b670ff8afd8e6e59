import { defineOpenInvoiceMethod } from '../internal/open-invoice/open-invoice-element.tsx';
import { facilyPayTranslations } from './translations.ts';

/** FacilyPay instalments are offered in Spain and France. */
export const FACILYPAY_COUNTRIES = ['ES', 'FR'] as const;
export const FACILYPAY_TYPES = [
  'facilypay_3x',
  'facilypay_4x',
  'facilypay_6x',
  'facilypay_10x',
  'facilypay_12x',
];

/** "facilypay_10x" → "10". */
const instalments = (txVariant: string) => /^facilypay_(\d+)x$/.exec(txVariant)?.[1] ?? '3';

/** FacilyPay in 3, 4, 6, 10 or 12 instalments: the shopper's details, then FacilyPay's page. */
export const FacilyPay = defineOpenInvoiceMethod({
  type: 'facilypay_3x',
  txVariants: FACILYPAY_TYPES,
  translations: facilyPayTranslations,
  defaults: (txVariant) => ({
    billingCountries: FACILYPAY_COUNTRIES,
    deliveryCountries: FACILYPAY_COUNTRIES,
    introKey: 'facilypay.intro',
    introValues: { count: instalments(txVariant) },
  }),
});
