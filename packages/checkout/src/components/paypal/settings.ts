/** The PayPal SDK's URL, locale and button styles as the widget asks for them (spec §5, §7, §9). */

export const PAYPAL_SDK_URL = 'https://www.paypal.com/sdk/js';
export const INTEGRATION_DATE = '2020-02-01';
/** The sandbox's own client ids (the provider's real ones are not used here). */
export const CLIENT_ID_TEST = 'actuate-sandbox-paypal-test';
export const CLIENT_ID_LIVE = 'actuate-paypal-live';

export const FUNDING_SOURCES = ['paypal', 'credit', 'paylater', 'venmo'] as const;
export type FundingSource = (typeof FUNDING_SOURCES)[number];

/** The 24 locales the PayPal buttons take; any other lets the SDK detect the shopper's. */
export const PAYPAL_LOCALES = [
  'en_US',
  'en_AU',
  'en_GB',
  'fr_CA',
  'es_ES',
  'it_IT',
  'fr_FR',
  'de_DE',
  'pt_BR',
  'zh_CN',
  'da_DK',
  'zh_HK',
  'id_ID',
  'he_IL',
  'ja_JP',
  'ko_KR',
  'nl_NL',
  'no_NO',
  'pl_PL',
  'pt_PT',
  'ru_RU',
  'sv_SE',
  'th_TH',
  'zh_TW',
] as const;

/** Colours the non-PayPal funding buttons (Credit, Pay Later, Venmo) accept. */
const FUNDING_BUTTON_COLOURS = ['black', 'white'];

/** The PayPal order's intent (`tokenize` at a zero amount). */
export type PayPalIntent = 'sale' | 'capture' | 'authorize' | 'order' | 'tokenize';

export interface SdkQuery {
  merchantId?: string | undefined;
  locale?: string | undefined;
  countryCode?: string | undefined;
  debug?: boolean | undefined;
  isTest: boolean;
  currency?: string | undefined;
  intent?: PayPalIntent | undefined;
  commit: boolean;
  vault: boolean;
  enableMessages?: boolean | undefined;
}

export function paypalLocale(locale: string | undefined): string | undefined {
  const candidate = locale?.replace('-', '_');
  return PAYPAL_LOCALES.find((supported) => supported === candidate);
}

/** The SDK's query, in the reference's order; buyer-country and debug only in test. */
export function sdkQuery(query: SdkQuery): string {
  const locale = paypalLocale(query.locale);
  const entries: [string, string][] = [
    ...(query.merchantId ? ([['merchant-id', query.merchantId]] as [string, string][]) : []),
    ...(locale ? ([['locale', locale]] as [string, string][]) : []),
    ...(query.countryCode && query.isTest
      ? ([['buyer-country', query.countryCode]] as [string, string][])
      : []),
    ...(query.debug && query.isTest ? ([['debug', 'true']] as [string, string][]) : []),
    ...(query.currency ? ([['currency', query.currency]] as [string, string][]) : []),
    ...(query.intent ? ([['intent', query.intent]] as [string, string][]) : []),
    ['commit', String(query.commit)],
    ['vault', String(query.vault)],
    ['client-id', query.isTest ? CLIENT_ID_TEST : CLIENT_ID_LIVE],
    ['integration-date', INTEGRATION_DATE],
    ['enable-funding', 'paylater,venmo'],
    ['components', `buttons,funding-eligibility${query.enableMessages ? ',messages' : ''}`],
  ];
  return entries.map(([key, value]) => `${key}=${value}`).join('&');
}

/** The PayPal buttons' style. */
export interface ButtonStyle {
  height?: number;
  color?: string;
  shape?: string;
  label?: string;
  layout?: string;
  [key: string]: unknown;
}

/** PayPal's button takes every style; the other funding buttons drop a colour other than black or white. */
export function styleFor(source: FundingSource, style: ButtonStyle): ButtonStyle {
  if (source === 'paypal' || style.color === undefined || FUNDING_BUTTON_COLOURS.includes(style.color))
    return { ...style };
  const { color: _dropped, ...rest } = style;
  return rest;
}
