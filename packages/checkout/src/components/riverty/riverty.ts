import { defineOpenInvoiceMethod } from '../internal/open-invoice/open-invoice-element.tsx';
import { ALL_PERSONAL_FIELDS } from '../internal/open-invoice/options.ts';
import { RIVERTY_DELIVERY_COUNTRIES, rivertyBillingCountries, rivertyTermsUrl } from './countries.ts';
import { rivertyTranslations } from './translations.ts';

/** Riverty's business invoice: the company and its contact person, no birth date or gender. */
const B2B_TYPES = new Set(['afterpay_b2b', 'riverty_b2b']);

/** Riverty invoice (`riverty`) and Riverty for business (`afterpay_b2b`). */
export const Riverty = defineOpenInvoiceMethod({
  type: 'riverty',
  txVariants: ['riverty', 'afterpay_b2b', 'riverty_b2b'],
  translations: rivertyTranslations,
  defaults: (txVariant, element) => {
    const business = B2B_TYPES.has(txVariant);
    return {
      visibility: { companyDetails: business ? 'editable' : 'hidden' },
      personalFields: business
        ? ['firstName', 'lastName', 'shopperEmail', 'telephoneNumber']
        : ALL_PERSONAL_FIELDS,
      billingCountries: rivertyBillingCountries(element.props.countryCode ?? element.checkout.countryCode),
      deliveryCountries: RIVERTY_DELIVERY_COUNTRIES,
      consent: {
        provider: 'Riverty',
        url: (country, language) => rivertyTermsUrl(country, language, business),
      },
      introKey: business ? 'riverty.b2b.intro' : 'riverty.intro',
    };
  },
});
