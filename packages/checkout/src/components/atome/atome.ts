import type { Checkout } from '../../core/checkout.ts';
import { OpenInvoiceElement } from '../internal/open-invoice/open-invoice-element.tsx';
import type { OpenInvoiceDefaults, OpenInvoiceOptions } from '../internal/open-invoice/options.ts';
import { atomeTranslations } from './translations.ts';

/** Atome's markets in Asia. */
export const ATOME_COUNTRIES = ['ID', 'PH', 'TH', 'VN', 'JP', 'TW', 'KR', 'SG', 'MY', 'HK'] as const;

/** Atome (`atome`): name, phone and billing address, then Atome's page. */
export class Atome extends OpenInvoiceElement {
  static override type = 'atome';
  static readonly txVariants = ['atome'];

  constructor(checkout: Checkout, options: OpenInvoiceOptions = {}) {
    super(checkout, options);
    checkout.addTranslations(atomeTranslations);
  }

  protected defaultsFor(): OpenInvoiceDefaults {
    return {
      visibility: {
        companyDetails: 'hidden',
        personalDetails: 'editable',
        billingAddress: 'editable',
        deliveryAddress: 'hidden',
        bankAccount: 'hidden',
      },
      personalFields: ['firstName', 'lastName', 'telephoneNumber'],
      billingCountries: ATOME_COUNTRIES,
      introKey: 'atome.intro',
    };
  }
}
