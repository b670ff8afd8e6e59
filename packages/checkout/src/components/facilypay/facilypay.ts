import type { Checkout } from '../../core/checkout.ts';
import { OpenInvoiceElement } from '../internal/open-invoice/open-invoice-element.tsx';
import {
  ALL_PERSONAL_FIELDS,
  type OpenInvoiceDefaults,
  type OpenInvoiceOptions,
} from '../internal/open-invoice/options.ts';
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

/** FacilyPay in 3, 4, 6, 10 or 12 instalments: the shopper's details, then FacilyPay's page. */
export class FacilyPay extends OpenInvoiceElement {
  static override type = 'facilypay_3x';
  static readonly txVariants = FACILYPAY_TYPES;

  constructor(checkout: Checkout, options: OpenInvoiceOptions = {}) {
    super(checkout, options);
    checkout.addTranslations(facilyPayTranslations);
  }

  /** "facilypay_10x" → "10". */
  get instalments(): string {
    return /^facilypay_(\d+)x$/.exec(this.txVariant)?.[1] ?? '3';
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
      billingCountries: FACILYPAY_COUNTRIES,
      deliveryCountries: FACILYPAY_COUNTRIES,
      introKey: 'facilypay.intro',
      introValues: { count: this.instalments },
    };
  }
}
