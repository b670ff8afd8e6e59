import type { Checkout } from '../../core/checkout.ts';
import { OpenInvoiceElement } from '../internal/open-invoice/open-invoice-element.tsx';
import {
  ALL_PERSONAL_FIELDS,
  type OpenInvoiceDefaults,
  type OpenInvoiceOptions,
} from '../internal/open-invoice/options.ts';
import { ratepayDirectDebitTranslations } from './translations.ts';

const RATEPAY_COUNTRIES = ['AT', 'CH', 'DE', 'NL'] as const;
const termsUrl = (_country: string, language: string) =>
  `https://www.ratepay.com/${language === 'de' ? '' : 'en/'}legal-payment-terms/`;

/** Ratepay direct debit (`ratepay_directdebit`): the invoice form plus the bank account to debit. */
export class RatepayDirectDebit extends OpenInvoiceElement {
  static override type = 'ratepay_directdebit';
  static readonly txVariants = ['ratepay_directdebit'];

  constructor(checkout: Checkout, options: OpenInvoiceOptions = {}) {
    super(checkout, options);
    checkout.addTranslations(ratepayDirectDebitTranslations);
  }

  protected defaultsFor(): OpenInvoiceDefaults {
    return {
      visibility: {
        companyDetails: 'hidden',
        personalDetails: 'editable',
        billingAddress: 'editable',
        deliveryAddress: 'editable',
        bankAccount: 'editable',
      },
      personalFields: ALL_PERSONAL_FIELDS,
      billingCountries: RATEPAY_COUNTRIES,
      deliveryCountries: RATEPAY_COUNTRIES,
      consent: { provider: 'Ratepay', url: termsUrl },
      introKey: 'ratepayDirectDebit.intro',
    };
  }
}
