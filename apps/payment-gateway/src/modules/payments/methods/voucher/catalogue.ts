import type { Issuer } from '../redirect/catalogue.ts';

/**
 * The voucher methods the sandbox offers: the shopper gets a reference (and a PDF) to pay at a
 * shop, an ATM or their bank within a few days. Each method has one country and currency.
 */

/** The shopper details a voucher request must carry. */
export type VoucherField =
  | 'shopperName'
  | 'socialSecurityNumber'
  | 'billingAddress'
  | 'shopperEmail'
  | 'telephoneNumber'
  | 'issuer';

/** How the provider issues the reference, which decides the action's fields and the PDF's barcode. */
export type VoucherKind = 'boleto' | 'doku' | 'oxxo' | 'multibanco' | 'dragonpay' | 'econtext';

export interface VoucherMethod {
  type: string;
  name: string;
  kind: VoucherKind;
  country: string;
  currency: string;
  requires: readonly VoucherField[];
  /** How long the shopper has to pay (sandbox values, close to the providers' defaults). */
  validDays: number;
  /** The largest amount (minor units) the reference can carry; absent: the currency's limit. */
  maxValue?: number;
  /** Banks or outlets to pick from (Dragonpay); listed with the method. */
  issuers?: readonly Issuer[];
}

const DOKU_FIELDS: VoucherField[] = ['shopperName', 'shopperEmail'];
const ECONTEXT_FIELDS: VoucherField[] = ['shopperName', 'telephoneNumber', 'shopperEmail'];

const DRAGONPAY_BANKS: Issuer[] = [
  { id: 'BDO', name: 'BDO Unibank' },
  { id: 'BPI', name: 'Bank of the Philippine Islands' },
  { id: 'CBC', name: 'Chinabank' },
  { id: 'MBTC', name: 'Metrobank' },
  { id: 'RCBC', name: 'RCBC' },
  { id: 'UBP', name: 'Unionbank' },
];
const DRAGONPAY_OUTLETS: Issuer[] = [
  { id: '711', name: '7-Eleven' },
  { id: 'CEBL', name: 'Cebuana Lhuillier' },
  { id: 'MLH', name: 'M. Lhuillier' },
  { id: 'LBC', name: 'LBC Express' },
  { id: 'SMR', name: 'SM Bills Payment' },
];

const doku = (type: string, name: string): VoucherMethod => ({
  type,
  name,
  kind: 'doku',
  country: 'ID',
  currency: 'IDR',
  requires: DOKU_FIELDS,
  validDays: 1,
});

const dragonpay = (type: string, name: string, issuers?: readonly Issuer[]): VoucherMethod => ({
  type,
  name,
  kind: 'dragonpay',
  country: 'PH',
  currency: 'PHP',
  requires: issuers ? ['shopperEmail', 'issuer'] : ['shopperEmail'],
  validDays: 2,
  ...(issuers ? { issuers } : {}),
});

const econtext = (type: string, name: string): VoucherMethod => ({
  type,
  name,
  kind: 'econtext',
  country: 'JP',
  currency: 'JPY',
  requires: ECONTEXT_FIELDS,
  validDays: 4,
});

export const VOUCHER_METHODS: readonly VoucherMethod[] = [
  {
    type: 'boletobancario',
    name: 'Boleto Bancario',
    kind: 'boleto',
    country: 'BR',
    currency: 'BRL',
    requires: ['shopperName', 'socialSecurityNumber', 'billingAddress'],
    validDays: 5,
    // The barcode's amount field has ten digits of centavos.
    maxValue: 9_999_999_999,
  },
  doku('doku_alfamart', 'Alfamart'),
  doku('doku_indomaret', 'Indomaret'),
  doku('doku_permata_lite_atm', 'Permata Bank Transfer'),
  doku('doku_bca_va', 'BCA Virtual Account'),
  doku('doku_bni_va', 'BNI Virtual Account'),
  doku('doku_bri_va', 'BRI Virtual Account'),
  doku('doku_mandiri_va', 'Mandiri Virtual Account'),
  doku('doku_cimb_va', 'CIMB Niaga Virtual Account'),
  { type: 'oxxo', name: 'OXXO', kind: 'oxxo', country: 'MX', currency: 'MXN', requires: [], validDays: 3 },
  {
    type: 'multibanco',
    name: 'Multibanco',
    kind: 'multibanco',
    country: 'PT',
    currency: 'EUR',
    requires: [],
    validDays: 3,
    // An ATM takes at most EUR 99,999.99 for one reference.
    maxValue: 9_999_999,
  },
  dragonpay('dragonpay_ebanking', 'Online Banking (Dragonpay)', DRAGONPAY_BANKS),
  dragonpay('dragonpay_otc_banking', 'Over-the-counter at a bank (Dragonpay)', DRAGONPAY_BANKS),
  dragonpay('dragonpay_otc_non_banking', 'Over-the-counter at an outlet (Dragonpay)', DRAGONPAY_OUTLETS),
  dragonpay('dragonpay_otc_philippines', 'Over-the-counter in the Philippines (Dragonpay)'),
  econtext('econtext_seven_eleven', '7-Eleven'),
  econtext('econtext_stores', 'Convenience stores'),
];

export const voucherMethod = (type: string) => VOUCHER_METHODS.find((method) => method.type === type);

/** Listed when the query names no country or currency, or the method's own. */
export const voucherOffered = (method: VoucherMethod, countryCode?: string, currency?: string) =>
  (!countryCode || countryCode.toUpperCase() === method.country) &&
  (!currency || currency === method.currency);
