import type { MethodModifications } from '../types.ts';

/** One bank or provider a shopper can pick in an issuer list. */
export interface Issuer {
  id: string;
  name: string;
  /** Listed but not selectable (the bank reports an outage). */
  disabled?: boolean;
}

/** Where a redirect method is offered, who the shopper visits and how the redirect is made. */
export interface RedirectMethod {
  type: string;
  name: string;
  /** Currencies the method takes; the first is its home currency. */
  currencies: readonly string[];
  countries: readonly string[];
  /** Banks to choose from; absent: the method has no issuer list. */
  issuers?: readonly Issuer[];
  /** Whether the shopper must pick an issuer (iDEAL offers its banks but does not need one). */
  issuerRequired: boolean;
  providerName: string;
  /** POST: the redirect is an auto-submitted form (one method, so that path runs end to end). */
  redirectMethod: 'GET' | 'POST';
  modifications: MethodModifications;
}

/** A bank transfer the shopper approved: settled at once, so no capture or cancel; refunds in parts. */
const SETTLES_AT_ONCE: MethodModifications = {
  capture: 'immediate',
  partialCapture: false,
  refund: true,
  partialRefund: true,
  cancel: false,
};

/** The Czech and Slovak providers refund only the whole payment. */
const SETTLES_AT_ONCE_FULL_REFUNDS: MethodModifications = { ...SETTLES_AT_ONCE, partialRefund: false };

/** An account-to-account direct debit: authorised first, captured (once, in full) like a mandate. */
const DIRECT_DEBIT: MethodModifications = {
  capture: 'manual',
  partialCapture: false,
  refund: true,
  partialRefund: true,
  cancel: true,
};

/**
 * The sandbox's redirect methods. Issuer ids are the sandbox's own; the names are the banks the
 * shoppers of each country know, so the simulator page and the widget look realistic.
 */
export const REDIRECT_METHODS: readonly RedirectMethod[] = [
  {
    type: 'ideal',
    name: 'iDEAL',
    currencies: ['EUR'],
    countries: ['NL'],
    issuerRequired: false,
    providerName: 'iDEAL',
    redirectMethod: 'GET',
    modifications: SETTLES_AT_ONCE,
    issuers: [
      { id: 'ideal_abnamro', name: 'ABN AMRO' },
      { id: 'ideal_asnbank', name: 'ASN Bank' },
      { id: 'ideal_bunq', name: 'bunq' },
      { id: 'ideal_ing', name: 'ING' },
      { id: 'ideal_knab', name: 'Knab' },
      { id: 'ideal_rabobank', name: 'Rabobank' },
      { id: 'ideal_regiobank', name: 'RegioBank' },
      { id: 'ideal_revolut', name: 'Revolut' },
      { id: 'ideal_snsbank', name: 'SNS' },
      { id: 'ideal_triodos', name: 'Triodos Bank' },
      { id: 'ideal_vanlanschot', name: 'Van Lanschot Kempen', disabled: true },
    ],
  },
  {
    type: 'eps',
    name: 'EPS',
    currencies: ['EUR'],
    countries: ['AT'],
    issuerRequired: true,
    providerName: 'eps-Überweisung',
    redirectMethod: 'POST',
    modifications: SETTLES_AT_ONCE,
    issuers: [
      { id: 'eps_bankaustria', name: 'Bank Austria' },
      { id: 'eps_bawag', name: 'BAWAG P.S.K.' },
      { id: 'eps_dolomitenbank', name: 'Dolomitenbank' },
      { id: 'eps_erste', name: 'Erste Bank und Sparkassen' },
      { id: 'eps_hypotirol', name: 'Hypo Tirol Bank AG' },
      { id: 'eps_raiffeisen', name: 'Raiffeisen Bankengruppe' },
      { id: 'eps_volksbank', name: 'Volksbank Gruppe' },
    ],
  },
  {
    type: 'onlineBanking_PL',
    name: 'Online Banking PL',
    currencies: ['PLN'],
    countries: ['PL'],
    issuerRequired: true,
    providerName: 'Online Banking PL',
    redirectMethod: 'GET',
    modifications: SETTLES_AT_ONCE,
    issuers: [
      { id: 'pl_alior', name: 'Alior Bank' },
      { id: 'pl_bnpparibas', name: 'BNP Paribas' },
      { id: 'pl_creditagricole', name: 'Credit Agricole' },
      { id: 'pl_ing', name: 'ING Bank Śląski' },
      { id: 'pl_mbank', name: 'mBank' },
      { id: 'pl_millennium', name: 'Bank Millennium' },
      { id: 'pl_pekao', name: 'Bank Pekao' },
      { id: 'pl_pkobp', name: 'PKO Bank Polski' },
      { id: 'pl_santander', name: 'Santander Bank Polska', disabled: true },
    ],
  },
  {
    type: 'onlineBanking_CZ',
    name: 'Online Banking CZ',
    currencies: ['CZK'],
    countries: ['CZ'],
    issuerRequired: true,
    providerName: 'Online Banking CZ',
    redirectMethod: 'GET',
    modifications: SETTLES_AT_ONCE_FULL_REFUNDS,
    issuers: [
      { id: 'cz_csas', name: 'Česká spořitelna' },
      { id: 'cz_csob', name: 'ČSOB' },
      { id: 'cz_fio', name: 'Fio banka' },
      { id: 'cz_kb', name: 'Komerční banka' },
      { id: 'cz_moneta', name: 'MONETA Money Bank' },
      { id: 'cz_rb', name: 'Raiffeisenbank' },
    ],
  },
  {
    type: 'onlineBanking_SK',
    name: 'Online Banking SK',
    currencies: ['EUR'],
    countries: ['SK'],
    issuerRequired: true,
    providerName: 'Online Banking SK',
    redirectMethod: 'GET',
    modifications: SETTLES_AT_ONCE_FULL_REFUNDS,
    issuers: [
      { id: 'sk_csob', name: 'ČSOB' },
      { id: 'sk_postova', name: 'Poštová banka' },
      { id: 'sk_slsp', name: 'Slovenská sporiteľňa' },
      { id: 'sk_tatra', name: 'Tatra banka' },
      { id: 'sk_vub', name: 'VÚB banka' },
    ],
  },
  {
    type: 'trustly',
    name: 'Trustly',
    currencies: ['EUR', 'SEK', 'DKK', 'NOK', 'GBP'],
    countries: ['SE', 'FI', 'DK', 'NO', 'EE', 'LV', 'LT', 'NL', 'ES', 'GB'],
    issuerRequired: false,
    providerName: 'Trustly',
    redirectMethod: 'GET',
    modifications: SETTLES_AT_ONCE,
  },
  {
    type: 'paybybank',
    name: 'Pay by Bank',
    currencies: ['GBP'],
    countries: ['GB'],
    issuerRequired: true,
    providerName: 'Pay by Bank',
    redirectMethod: 'GET',
    modifications: SETTLES_AT_ONCE,
    issuers: [
      { id: 'gb_barclays', name: 'Barclays' },
      { id: 'gb_hsbc', name: 'HSBC UK' },
      { id: 'gb_lloyds', name: 'Lloyds Bank' },
      { id: 'gb_monzo', name: 'Monzo' },
      { id: 'gb_nationwide', name: 'Nationwide' },
      { id: 'gb_natwest', name: 'NatWest' },
      { id: 'gb_revolut', name: 'Revolut' },
      { id: 'gb_santander', name: 'Santander UK' },
      { id: 'gb_starling', name: 'Starling Bank' },
    ],
  },
  {
    type: 'paybybank_AIS_DD',
    name: 'Pay by Bank US',
    currencies: ['USD'],
    countries: ['US'],
    issuerRequired: false,
    providerName: 'Pay by Bank US',
    redirectMethod: 'GET',
    modifications: DIRECT_DEBIT,
  },
];
