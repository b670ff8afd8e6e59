import { defineOpenInvoiceMethod } from '../internal/open-invoice/open-invoice-element.tsx';
import { affirmTranslations } from './translations.ts';

/** Affirm lends to shoppers in Canada and the United States. */
export const AFFIRM_COUNTRIES = ['CA', 'US'] as const;

/** Affirm (`affirm`): the shopper's details, then Affirm's own page (a redirect action). */
export const Affirm = defineOpenInvoiceMethod({
  type: 'affirm',
  translations: affirmTranslations,
  defaults: {
    personalFields: ['firstName', 'lastName', 'shopperEmail', 'telephoneNumber'],
    billingCountries: AFFIRM_COUNTRIES,
    deliveryCountries: AFFIRM_COUNTRIES,
    introKey: 'affirm.intro',
  },
});
