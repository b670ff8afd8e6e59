import { defineOpenInvoiceMethod } from '../internal/open-invoice/open-invoice-element.tsx';
import { afterpayTranslations } from './translations.ts';

/** AfterPay's invoice is offered in Belgium and the Netherlands. */
export const AFTERPAY_COUNTRIES = ['BE', 'NL'] as const;
const TERMS_LANGUAGES: Record<string, string[]> = { BE: ['nl', 'fr', 'en'], NL: ['nl', 'en'] };

export function afterpayTermsUrl(country: string, language: string): string | undefined {
  const languages = TERMS_LANGUAGES[country];
  if (!languages) return undefined;
  const lang = languages.includes(language) ? language : 'en';
  return `https://documents.riverty.com/terms_conditions/payment_methods/invoice/${country.toLowerCase()}_${lang}/`;
}

/** AfterPay invoice (`afterpay_default`, older name `afterpay`). */
export const Afterpay = defineOpenInvoiceMethod({
  type: 'afterpay_default',
  txVariants: ['afterpay_default', 'afterpay'],
  translations: afterpayTranslations,
  defaults: {
    billingCountries: AFTERPAY_COUNTRIES,
    deliveryCountries: AFTERPAY_COUNTRIES,
    consent: { provider: 'AfterPay', url: afterpayTermsUrl },
    introKey: 'afterpay.intro',
  },
});
