import type { Checkout } from '../../core/checkout.ts';
import { OpenInvoiceElement } from '../internal/open-invoice/open-invoice-element.tsx';
import type { OpenInvoiceDefaults, OpenInvoiceOptions } from '../internal/open-invoice/options.ts';
import { affirmTranslations } from './translations.ts';

/** Affirm lends to shoppers in Canada and the United States. */
export const AFFIRM_COUNTRIES = ['CA', 'US'] as const;

/** Affirm (`affirm`): the shopper's details, then Affirm's own page (a redirect action). */
export class Affirm extends OpenInvoiceElement {
  static override type = 'affirm';
  static readonly txVariants = ['affirm'];

  constructor(checkout: Checkout, options: OpenInvoiceOptions = {}) {
    super(checkout, options);
    checkout.addTranslations(affirmTranslations);
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
      personalFields: ['firstName', 'lastName', 'shopperEmail', 'telephoneNumber'],
      billingCountries: AFFIRM_COUNTRIES,
      deliveryCountries: AFFIRM_COUNTRIES,
      introKey: 'affirm.intro',
    };
  }
}
