import type { Checkout } from '../../core/checkout.ts';
import { OpenInvoiceElement } from '../internal/open-invoice/open-invoice-element.tsx';
import {
  ALL_PERSONAL_FIELDS,
  type OpenInvoiceDefaults,
  type OpenInvoiceOptions,
} from '../internal/open-invoice/options.ts';
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
export class Afterpay extends OpenInvoiceElement {
  static override type = 'afterpay_default';
  static readonly txVariants = ['afterpay_default', 'afterpay'];

  constructor(checkout: Checkout, options: OpenInvoiceOptions = {}) {
    super(checkout, options);
    checkout.addTranslations(afterpayTranslations);
  }

  protected defaultsFor(): OpenInvoiceDefaults {
    return {
      visibility: {
        companyDetails: 'hidden',
        personalDetails: 'editable',
        billingAddress: 'editable',
        deliveryAddress: 'editable',
        bankAccount: 'hidden',
      },
      personalFields: ALL_PERSONAL_FIELDS,
      billingCountries: AFTERPAY_COUNTRIES,
      deliveryCountries: AFTERPAY_COUNTRIES,
      consent: { provider: 'AfterPay', url: afterpayTermsUrl },
      introKey: 'afterpay.intro',
    };
  }
}
