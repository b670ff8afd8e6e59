import { defineOpenInvoiceMethod } from '../internal/open-invoice/open-invoice-element.tsx';
import { atomeTranslations } from './translations.ts';

/** Atome's markets in Asia. */
export const ATOME_COUNTRIES = ['ID', 'PH', 'TH', 'VN', 'JP', 'TW', 'KR', 'SG', 'MY', 'HK'] as const;

/** Atome (`atome`): name, phone and billing address, then Atome's page. */
export const Atome = defineOpenInvoiceMethod({
  type: 'atome',
  translations: atomeTranslations,
  defaults: {
    visibility: { deliveryAddress: 'hidden' },
    personalFields: ['firstName', 'lastName', 'telephoneNumber'],
    billingCountries: ATOME_COUNTRIES,
    introKey: 'atome.intro',
  },
});
