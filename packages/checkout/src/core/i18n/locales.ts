/** The widget's own language, bundled, and the fallback for anything else. */
export const DEFAULT_LOCALE = 'en-US';

/** Every locale the package ships: en-US is bundled, each other one is a JSON file in ./locales. */
export const SHIPPED_LOCALES = [
  DEFAULT_LOCALE,
  'ar',
  'bg-BG',
  'ca-ES',
  'cs-CZ',
  'da-DK',
  'de-DE',
  'el-GR',
  'es-ES',
  'et-EE',
  'fi-FI',
  'fr-FR',
  'hr-HR',
  'hu-HU',
  'is-IS',
  'it-IT',
  'ja-JP',
  'ko-KR',
  'lt-LT',
  'lv-LV',
  'nl-NL',
  'no-NO',
  'pl-PL',
  'pt-BR',
  'pt-PT',
  'ro-RO',
  'ru-RU',
  'sk-SK',
  'sl-SI',
  'sv-SE',
  'zh-CN',
  'zh-TW',
] as const;

const SHIPPED = new Set<string>(SHIPPED_LOCALES);

/**
 * Where a language (or language-region) is not simply "the one shipped locale of that language":
 * Norwegian Bokmål and Nynorsk read no-NO; Hong Kong and Macao use traditional characters (zh-TW),
 * Singapore simplified (zh-CN); plain `pt` and any other Portuguese region get pt-BR (the larger
 * audience, and what the reference's first-match gives), except the African and Asian ones, which
 * follow European Portuguese.
 */
const ALIASES = new Map<string, string>(
  Object.entries({
    ar: 'ar',
    no: 'no-NO',
    nb: 'no-NO',
    nn: 'no-NO',
    zh: 'zh-CN',
    'zh-HK': 'zh-TW',
    'zh-MO': 'zh-TW',
    'zh-SG': 'zh-CN',
    pt: 'pt-BR',
    'pt-AO': 'pt-PT',
    'pt-MZ': 'pt-PT',
    'pt-CV': 'pt-PT',
    'pt-GW': 'pt-PT',
    'pt-ST': 'pt-PT',
    'pt-TL': 'pt-PT',
    'pt-MO': 'pt-PT',
  }),
);

/**
 * 'de', 'de_de' or 'de-AT' → 'de-DE', 'ar-EG' → 'ar', 'nb' → 'no-NO', 'fr-CH' → 'fr-FR'; anything
 * without a shipped file → en-US (no 404s, no mixed languages). The input was checked by
 * `assertLocale`; it is only split and compared, never turned into a pattern.
 */
export function matchLocale(locale: string): string {
  const [rawLanguage = '', rawRegion = ''] = locale.replace('_', '-').split('-');
  const language = rawLanguage.toLowerCase();
  const tag = rawRegion ? `${language}-${rawRegion.toUpperCase()}` : language;
  if (SHIPPED.has(tag)) return tag;
  const alias = ALIASES.get(tag) ?? ALIASES.get(language);
  if (alias) return alias;
  return SHIPPED_LOCALES.find((candidate) => candidate.startsWith(`${language}-`)) ?? DEFAULT_LOCALE;
}

/** Languages written right to left; only `ar` is shipped, the others serve merchant-made locales. */
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur']);

/** The writing direction of a locale, for the widget root's `dir`. */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(locale.slice(0, 2).toLowerCase()) ? 'rtl' : 'ltr';
}
