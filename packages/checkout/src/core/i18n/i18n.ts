import { CheckoutError, IMPLEMENTATION_ERRORS } from '../errors.ts';
import { enUS, type TranslationKey, type Translations } from './en-US.ts';

export const DEFAULT_LOCALE = 'en-US';

/** Locales shipped with the package; each is its own chunk, loaded only when asked for. */
const LOCALE_LOADERS: Record<string, () => Promise<{ default: Translations }>> = {
  'da-DK': () => import('./locales/da-DK.ts'),
  'de-DE': () => import('./locales/de-DE.ts'),
};

export function assertLocale(locale: string): void {
  if (!/^[a-z]{2}([-_][A-Za-z]{2})?$/.test(locale)) {
    throw new CheckoutError('IMPLEMENTATION_ERROR', IMPLEMENTATION_ERRORS.invalidLocale);
  }
}

/** 'de', 'de_de' or 'de-AT' → 'de-DE'; anything without a bundle → en-US (no 404s, no mixed languages). */
export function matchLocale(locale: string): string {
  const [language = '', region = ''] = locale.replace('_', '-').split('-');
  const normalised = `${language.toLowerCase()}-${region.toUpperCase()}`;
  const known = [DEFAULT_LOCALE, ...Object.keys(LOCALE_LOADERS)];
  return (
    known.find((candidate) => candidate === normalised) ??
    known.find((candidate) => candidate.startsWith(`${language.toLowerCase()}-`)) ??
    DEFAULT_LOCALE
  );
}

/**
 * A payment method's own strings per shipped locale, added when its (lazy) code loads so the
 * initial bundle carries only the card's. Missing locales fall back to the bundle's en-US.
 */
export type MethodTranslations = { 'en-US': Translations } & Partial<Record<string, Translations>>;

export interface I18n {
  locale: string;
  get(key: TranslationKey | (string & {}), values?: Record<string, string | number>): string;
  has(key: string): boolean;
  /** Adds a method's strings; the merchant's overrides still win. */
  add(bundle: MethodTranslations): void;
}

export function createI18n(locale: string, loaded: Translations, overrides: Translations = {}): I18n {
  const strings: Record<string, string> = { ...enUS, ...loaded, ...overrides };
  return {
    locale,
    add: (bundle) => {
      Object.assign(strings, bundle['en-US'], bundle[locale], overrides);
    },
    has: (key) => key in strings,
    get: (key, values) =>
      (strings[key] ?? key).replace(/%\{(\w+)\}/g, (match, name: string) =>
        values && name in values ? String(values[name]) : match,
      ),
  };
}

/**
 * Resolves the shopper's locale, loads its strings (falling back to en-US on any failure) and
 * applies the merchant's overrides for that locale.
 */
export async function loadI18n(
  requestedLocale: string,
  merchantTranslations: Record<string, Translations> = {},
): Promise<I18n> {
  assertLocale(requestedLocale);
  const locale = matchLocale(requestedLocale);
  let loaded: Translations = {};
  const loader = LOCALE_LOADERS[locale];
  if (loader) {
    try {
      loaded = (await loader()).default;
    } catch {
      loaded = {};
    }
  }
  const overrides = merchantTranslations[locale] ?? merchantTranslations[requestedLocale] ?? {};
  return createI18n(locale, loaded, overrides);
}
