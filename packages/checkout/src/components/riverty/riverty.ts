import type { Checkout } from '../../core/checkout.ts';
import { OpenInvoiceElement } from '../internal/open-invoice/open-invoice-element.tsx';
import {
  ALL_PERSONAL_FIELDS,
  type OpenInvoiceDefaults,
  type OpenInvoiceOptions,
} from '../internal/open-invoice/options.ts';
import { RIVERTY_DELIVERY_COUNTRIES, rivertyBillingCountries, rivertyTermsUrl } from './countries.ts';
import { rivertyTranslations } from './translations.ts';

/** Riverty's business invoice: the company and its contact person, no birth date or gender. */
const B2B_TYPES = new Set(['afterpay_b2b', 'riverty_b2b']);

/** Riverty invoice (`riverty`) and Riverty for business (`afterpay_b2b`). */
export class Riverty extends OpenInvoiceElement {
  static override type = 'riverty';
  static readonly txVariants = ['riverty', 'afterpay_b2b', 'riverty_b2b'];

  constructor(checkout: Checkout, options: OpenInvoiceOptions = {}) {
    super(checkout, options);
    checkout.addTranslations(rivertyTranslations);
  }

  protected defaultsFor(txVariant: string): OpenInvoiceDefaults {
    const business = B2B_TYPES.has(txVariant);
    return {
      visibility: {
        companyDetails: business ? 'editable' : 'hidden',
        personalDetails: 'editable',
        billingAddress: 'editable',
        deliveryAddress: 'editable',
        bankAccount: 'hidden',
      },
      personalFields: business
        ? ['firstName', 'lastName', 'shopperEmail', 'telephoneNumber']
        : ALL_PERSONAL_FIELDS,
      billingCountries: rivertyBillingCountries(this.options.countryCode ?? this.checkout.countryCode),
      deliveryCountries: RIVERTY_DELIVERY_COUNTRIES,
      consent: {
        provider: 'Riverty',
        url: (country, language) => rivertyTermsUrl(country, language, business),
      },
      introKey: business ? 'riverty.b2b.intro' : 'riverty.intro',
    };
  }
}
