import { type MethodModifications, SETTLES_AT_ONCE } from '../types.ts';

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

// A bank transfer the shopper approved settles at once (SETTLES_AT_ONCE): no capture or cancel.

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

type MethodOptions = Partial<
  Pick<RedirectMethod, 'issuers' | 'issuerRequired' | 'providerName' | 'redirectMethod' | 'modifications'>
>;

/**
 * A redirect method by GET that settles at once, whose provider the shopper knows by the method's name
 * and whose issuer, when it has a list, must be picked; `options` states where a method differs.
 */
function redirectMethod(
  type: string,
  name: string,
  where: Pick<RedirectMethod, 'currencies' | 'countries'>,
  options: MethodOptions = {},
): RedirectMethod {
  return {
    type,
    name,
    currencies: where.currencies,
    countries: where.countries,
    issuerRequired: options.issuers !== undefined,
    providerName: name,
    redirectMethod: 'GET',
    modifications: SETTLES_AT_ONCE,
    ...options,
  };
}

/** An issuer list from ids (after the method's prefix) and bank names, in the order the page shows. */
function issuers(prefix: string, names: Record<string, string>, disabled: readonly string[] = []): Issuer[] {
  return Object.entries(names).map(([id, name]) => ({
    id: `${prefix}${id}`,
    name,
    ...(disabled.includes(id) ? { disabled: true } : {}),
  }));
}

/**
 * The sandbox's redirect methods. Issuer ids are the sandbox's own; the names are the banks the
 * shoppers of each country know, so the simulator page and the widget look realistic.
 */
export const REDIRECT_METHODS: readonly RedirectMethod[] = [
  redirectMethod(
    'ideal',
    'iDEAL',
    { currencies: ['EUR'], countries: ['NL'] },
    {
      issuerRequired: false,
      issuers: issuers(
        'ideal_',
        {
          abnamro: 'ABN AMRO',
          asnbank: 'ASN Bank',
          bunq: 'bunq',
          ing: 'ING',
          knab: 'Knab',
          rabobank: 'Rabobank',
          regiobank: 'RegioBank',
          revolut: 'Revolut',
          snsbank: 'SNS',
          triodos: 'Triodos Bank',
          vanlanschot: 'Van Lanschot Kempen',
        },
        ['vanlanschot'],
      ),
    },
  ),
  redirectMethod(
    'eps',
    'EPS',
    { currencies: ['EUR'], countries: ['AT'] },
    {
      providerName: 'eps-Überweisung',
      redirectMethod: 'POST',
      issuers: issuers('eps_', {
        bankaustria: 'Bank Austria',
        bawag: 'BAWAG P.S.K.',
        dolomitenbank: 'Dolomitenbank',
        erste: 'Erste Bank und Sparkassen',
        hypotirol: 'Hypo Tirol Bank AG',
        raiffeisen: 'Raiffeisen Bankengruppe',
        volksbank: 'Volksbank Gruppe',
      }),
    },
  ),
  redirectMethod(
    'onlineBanking_PL',
    'Online Banking PL',
    { currencies: ['PLN'], countries: ['PL'] },
    {
      issuers: issuers(
        'pl_',
        {
          alior: 'Alior Bank',
          bnpparibas: 'BNP Paribas',
          creditagricole: 'Credit Agricole',
          ing: 'ING Bank Śląski',
          mbank: 'mBank',
          millennium: 'Bank Millennium',
          pekao: 'Bank Pekao',
          pkobp: 'PKO Bank Polski',
          santander: 'Santander Bank Polska',
        },
        ['santander'],
      ),
    },
  ),
  redirectMethod(
    'onlineBanking_CZ',
    'Online Banking CZ',
    { currencies: ['CZK'], countries: ['CZ'] },
    {
      modifications: SETTLES_AT_ONCE_FULL_REFUNDS,
      issuers: issuers('cz_', {
        csas: 'Česká spořitelna',
        csob: 'ČSOB',
        fio: 'Fio banka',
        kb: 'Komerční banka',
        moneta: 'MONETA Money Bank',
        rb: 'Raiffeisenbank',
      }),
    },
  ),
  redirectMethod(
    'onlineBanking_SK',
    'Online Banking SK',
    { currencies: ['EUR'], countries: ['SK'] },
    {
      modifications: SETTLES_AT_ONCE_FULL_REFUNDS,
      issuers: issuers('sk_', {
        csob: 'ČSOB',
        postova: 'Poštová banka',
        slsp: 'Slovenská sporiteľňa',
        tatra: 'Tatra banka',
        vub: 'VÚB banka',
      }),
    },
  ),
  redirectMethod('trustly', 'Trustly', {
    currencies: ['EUR', 'SEK', 'DKK', 'NOK', 'GBP'],
    countries: ['SE', 'FI', 'DK', 'NO', 'EE', 'LV', 'LT', 'NL', 'ES', 'GB'],
  }),
  redirectMethod(
    'paybybank',
    'Pay by Bank',
    { currencies: ['GBP'], countries: ['GB'] },
    {
      issuers: issuers('gb_', {
        barclays: 'Barclays',
        hsbc: 'HSBC UK',
        lloyds: 'Lloyds Bank',
        monzo: 'Monzo',
        nationwide: 'Nationwide',
        natwest: 'NatWest',
        revolut: 'Revolut',
        santander: 'Santander UK',
        starling: 'Starling Bank',
      }),
    },
  ),
  redirectMethod(
    'paybybank_AIS_DD',
    'Pay by Bank US',
    { currencies: ['USD'], countries: ['US'] },
    { modifications: DIRECT_DEBIT },
  ),
];
