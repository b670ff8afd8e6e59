/**
 * The open-invoice and buy-now-pay-later methods the sandbox offers: where each applies (the
 * shopper's country, the currency matching it), how it completes and which shopper fields it needs.
 */

export type ShopperField =
  | 'shopperName'
  | 'dateOfBirth'
  | 'shopperEmail'
  | 'telephoneNumber'
  | 'billingAddress'
  | 'company'
  | 'bankAccount';

export interface OpenInvoiceMethod {
  type: string;
  name: string;
  /** Who the shopper deals with (shown on the consent simulator page). */
  providerName: string;
  /** Countries whose shoppers are offered the method. */
  countries: readonly string[];
  /** `authorise`: the provider decides at once; `consent`: the shopper confirms on the provider's page first. */
  flow: 'authorise' | 'consent';
  /** Fields the request must carry; fields sent without being required are still checked. */
  requires: readonly ShopperField[];
  /**
   * The provider's in-page widget category (Klarna's `payment_method_category`): with
   * `paymentMethod.subtype: 'sdk'` the payment answers an `sdk` action for it instead of a redirect.
   */
  widgetCategory?: string;
}

/** The currency a shopper of each country pays these methods in. */
export const COUNTRY_CURRENCY: Record<string, string> = {
  AT: 'EUR',
  BE: 'EUR',
  DE: 'EUR',
  ES: 'EUR',
  FI: 'EUR',
  FR: 'EUR',
  NL: 'EUR',
  CH: 'CHF',
  DK: 'DKK',
  NO: 'NOK',
  SE: 'SEK',
  GB: 'GBP',
  US: 'USD',
  CA: 'CAD',
  ID: 'IDR',
  PH: 'PHP',
  TH: 'THB',
  VN: 'VND',
  JP: 'JPY',
  TW: 'TWD',
  KR: 'KRW',
  SG: 'SGD',
  MY: 'MYR',
  HK: 'HKD',
};

/** Riverty's billing countries plus the countries it delivers to (a Danish buyer gets it in DKK). */
const RIVERTY_COUNTRIES = ['AT', 'CH', 'DE', 'NO', 'SE', 'FI', 'DK', 'NL', 'BE'];
const AFTERPAY_COUNTRIES = ['BE', 'NL'];
const RATEPAY_COUNTRIES = ['AT', 'CH', 'DE', 'NL'];
const FACILYPAY_COUNTRIES = ['ES', 'FR'];
const AFFIRM_COUNTRIES = ['US', 'CA'];
const ATOME_COUNTRIES = ['ID', 'PH', 'TH', 'VN', 'JP', 'TW', 'KR', 'SG', 'MY', 'HK'];
const KLARNA_COUNTRIES = ['AT', 'BE', 'CH', 'DE', 'DK', 'ES', 'FI', 'FR', 'NL', 'NO', 'SE', 'GB', 'US'];
const KLARNA_B2B_COUNTRIES = ['DE', 'DK', 'FI', 'NO', 'SE'];

const INVOICE_FIELDS: ShopperField[] = [
  'shopperName',
  'dateOfBirth',
  'shopperEmail',
  'telephoneNumber',
  'billingAddress',
];
/** A business buys on invoice: the company and its contact person, no birth date. */
const B2B_FIELDS: ShopperField[] = [
  'company',
  'shopperName',
  'shopperEmail',
  'telephoneNumber',
  'billingAddress',
];

const facilyPay = (instalments: number): OpenInvoiceMethod => ({
  type: `facilypay_${instalments}x`,
  name: `FacilyPay in ${instalments} instalments`,
  providerName: 'FacilyPay',
  countries: FACILYPAY_COUNTRIES,
  flow: 'consent',
  requires: INVOICE_FIELDS,
});

// Names never start with "Pay ": the pay button's label does.
export const OPEN_INVOICE_METHODS: readonly OpenInvoiceMethod[] = [
  {
    type: 'riverty',
    name: 'Riverty',
    providerName: 'Riverty',
    countries: RIVERTY_COUNTRIES,
    flow: 'authorise',
    requires: INVOICE_FIELDS,
  },
  {
    type: 'afterpay_b2b',
    name: 'Riverty for business',
    providerName: 'Riverty',
    countries: RIVERTY_COUNTRIES,
    flow: 'authorise',
    requires: B2B_FIELDS,
  },
  {
    type: 'afterpay_default',
    name: 'AfterPay invoice',
    providerName: 'AfterPay',
    countries: AFTERPAY_COUNTRIES,
    flow: 'authorise',
    requires: INVOICE_FIELDS,
  },
  {
    type: 'ratepay',
    name: 'Ratepay open invoice',
    providerName: 'Ratepay',
    countries: RATEPAY_COUNTRIES,
    flow: 'authorise',
    requires: INVOICE_FIELDS,
  },
  {
    type: 'ratepay_directdebit',
    name: 'Ratepay direct debit',
    providerName: 'Ratepay',
    countries: RATEPAY_COUNTRIES,
    flow: 'authorise',
    requires: [...INVOICE_FIELDS, 'bankAccount'],
  },
  {
    type: 'affirm',
    name: 'Affirm',
    providerName: 'Affirm',
    countries: AFFIRM_COUNTRIES,
    flow: 'consent',
    requires: ['shopperName', 'shopperEmail', 'telephoneNumber', 'billingAddress'],
  },
  ...[3, 4, 6, 10, 12].map(facilyPay),
  {
    type: 'atome',
    name: 'Atome',
    providerName: 'Atome',
    countries: ATOME_COUNTRIES,
    flow: 'consent',
    requires: ['shopperName', 'telephoneNumber', 'billingAddress'],
  },
  ...(
    [
      ['klarna', 'Klarna: pay later', KLARNA_COUNTRIES, 'pay_later'],
      ['klarna_account', 'Klarna: pay over time', KLARNA_COUNTRIES, 'pay_over_time'],
      ['klarna_paynow', 'Klarna: pay now', KLARNA_COUNTRIES, 'pay_now'],
      ['klarna_b2b', 'Billie (Klarna for business)', KLARNA_B2B_COUNTRIES, 'pay_later'],
    ] as const
  ).map(
    ([type, name, countries, widgetCategory]): OpenInvoiceMethod => ({
      widgetCategory,
      type,
      name,
      providerName: 'Klarna',
      countries,
      flow: 'consent',
      // Klarna collects the shopper's details on its own page.
      requires: [],
    }),
  ),
];

/** `afterpay` is the older name of AfterPay's invoice; it is accepted but not listed. */
export const METHOD_ALIASES: Record<string, string> = { afterpay: 'afterpay_default' };

export function openInvoiceMethod(type: string): OpenInvoiceMethod | undefined {
  const canonical = METHOD_ALIASES[type] ?? type;
  return OPEN_INVOICE_METHODS.find((method) => method.type === canonical);
}

/**
 * Whether a method is offered: for the shopper's country in that country's currency; without a
 * country, wherever the currency is one of its countries'; without either, always.
 */
export function appliesTo(
  method: OpenInvoiceMethod,
  countryCode: string | undefined,
  currency: string | undefined,
): boolean {
  const country = countryCode?.toUpperCase();
  if (country) {
    if (!method.countries.includes(country)) return false;
    return !currency || COUNTRY_CURRENCY[country] === currency;
  }
  if (!currency) return true;
  return method.countries.some((candidate) => COUNTRY_CURRENCY[candidate] === currency);
}
