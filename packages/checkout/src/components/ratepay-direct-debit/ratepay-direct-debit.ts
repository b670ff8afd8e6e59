import { defineOpenInvoiceMethod } from '../internal/open-invoice/open-invoice-element.tsx';
import { RATEPAY_COUNTRIES, ratepayTermsUrl } from '../ratepay/terms.ts';
import { ratepayDirectDebitTranslations } from './translations.ts';

/** Ratepay direct debit (`ratepay_directdebit`): the invoice form plus the bank account to debit. */
export const RatepayDirectDebit = defineOpenInvoiceMethod({
  type: 'ratepay_directdebit',
  translations: ratepayDirectDebitTranslations,
  defaults: {
    visibility: { bankAccount: 'editable' },
    billingCountries: RATEPAY_COUNTRIES,
    deliveryCountries: RATEPAY_COUNTRIES,
    consent: { provider: 'Ratepay', url: ratepayTermsUrl },
    introKey: 'ratepayDirectDebit.intro',
  },
});
