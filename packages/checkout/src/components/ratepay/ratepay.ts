import type { Checkout } from '../../core/checkout.ts';
import { OpenInvoiceElement } from '../internal/open-invoice/open-invoice-element.tsx';
import {
  ALL_PERSONAL_FIELDS,
  type OpenInvoiceDefaults,
  type OpenInvoiceOptions,
} from '../internal/open-invoice/options.ts';
import { ratepayTranslations } from './translations.ts';

/** Ratepay bills shoppers in Austria, Switzerland, Germany and the Netherlands. */
export const RATEPAY_COUNTRIES = ['AT', 'CH', 'DE', 'NL'] as const;

/** Ratepay's terms are published in German and English. */
export const ratepayTermsUrl = (_country: string, language: string) =>
  `https://www.ratepay.com/${language === 'de' ? '' : 'en/'}legal-payment-terms/`;

/** Ratepay open invoice (`ratepay`). */
export class Ratepay extends OpenInvoiceElement {
  static override type = 'ratepay';
  static readonly txVariants = ['ratepay'];

  constructor(checkout: Checkout, options: OpenInvoiceOptions = {}) {
    super(checkout, options);
    checkout.addTranslations(ratepayTranslations);
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
      billingCountries: RATEPAY_COUNTRIES,
      deliveryCountries: RATEPAY_COUNTRIES,
      consent: { provider: 'Ratepay', url: ratepayTermsUrl },
      introKey: 'ratepay.intro',
    };
  }
}
