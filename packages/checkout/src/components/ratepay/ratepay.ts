import { defineOpenInvoiceMethod } from '../internal/open-invoice/open-invoice-element.tsx';
import { RATEPAY_COUNTRIES, ratepayTermsUrl } from './terms.ts';
import { ratepayTranslations } from './translations.ts';

/** Ratepay open invoice (`ratepay`). */
export const Ratepay = defineOpenInvoiceMethod({
  type: 'ratepay',
  translations: ratepayTranslations,
  defaults: {
    billingCountries: RATEPAY_COUNTRIES,
    deliveryCountries: RATEPAY_COUNTRIES,
    consent: { provider: 'Ratepay', url: ratepayTermsUrl },
    introKey: 'ratepay.intro',
  },
});
