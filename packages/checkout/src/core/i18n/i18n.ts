import { CheckoutError, IMPLEMENTATION_ERRORS } from '../errors.ts';
import { enUS, type TranslationKey, type Translations } from './en-US.ts';
import { loadLocaleFile } from './locale-loader.ts';
import { DEFAULT_LOCALE, matchLocale, textDirection } from './locales.ts';

export { DEFAULT_LOCALE, matchLocale } from './locales.ts';

export function assertLocale(locale: string): void {
  if (!/^[a-z]{2}([-_][A-Za-z]{2})?$/.test(locale)) {
    throw new CheckoutError('IMPLEMENTATION_ERROR', IMPLEMENTATION_ERRORS.invalidLocale);
  }
}

/**
 * A payment method's own strings, added when its (lazy) code loads so the initial bundle carries only
 * the card's. The package's methods carry only 'en-US' here: their other locales are in the locale
 * files. A merchant's own component may add strings for other locales too.
 */
export type MethodTranslations = { 'en-US': Translations } & Partial<Record<string, Translations>>;

export interface I18n {
  locale: string;
  /** `rtl` for Arabic (and other right-to-left languages), else `ltr`: the widget root's `dir`. */
  dir: 'ltr' | 'rtl';
  get(key: TranslationKey | (string & {}), values?: Record<string, string | number>): string;
  has(key: string): boolean;
  /** Adds a method's strings; the loaded locale and the merchant's overrides still win. */
  add(bundle: MethodTranslations): void;
}

/**
 * The strings in four layers, strongest first: the merchant's overrides, the loaded locale file,
 * a method's own strings for this locale (merchant-made components), then the en-US defaults (the
 * core's and every added method's). A method added after the locale loaded cannot undo it.
 */
export function createI18n(locale: string, loaded: Translations, overrides: Translations = {}): I18n {
  const defaults: Record<string, string> = { ...enUS };
  const methodStrings: Record<string, string> = {};
  const layers = [overrides, loaded, methodStrings, defaults];
  const lookup = (key: string) => {
    for (const layer of layers) if (Object.hasOwn(layer, key)) return layer[key];
    return undefined;
  };
  return {
    locale,
    dir: textDirection(locale),
    add: (bundle) => {
      Object.assign(defaults, bundle['en-US']);
      if (locale !== DEFAULT_LOCALE) Object.assign(methodStrings, bundle[locale]);
    },
    has: (key) => lookup(key) !== undefined,
    get: (key, values) =>
      (lookup(key) ?? key).replace(/%\{(\w+)\}/g, (match, name: string) =>
        values && name in values ? String(values[name]) : match,
      ),
  };
}

/**
 * Resolves the shopper's locale, loads its strings (a lazy chunk, or in the standalone build a file
 * from the gateway at `loadingContext`; en-US on any failure) and applies the merchant's overrides.
 */
export async function loadI18n(
  requestedLocale: string,
  merchantTranslations: Record<string, Translations> = {},
  loadingContext?: string,
): Promise<I18n> {
  assertLocale(requestedLocale);
  let locale = matchLocale(requestedLocale);
  let loaded: Translations = {};
  if (locale !== DEFAULT_LOCALE) {
    try {
      const file = await loadLocaleFile(locale, loadingContext);
      if (file) loaded = file;
      else locale = DEFAULT_LOCALE;
    } catch {
      locale = DEFAULT_LOCALE; // no mixed languages: a locale that could not load is en-US throughout
    }
  }
  const overrides = merchantTranslations[locale] ?? merchantTranslations[requestedLocale] ?? {};
  return createI18n(locale, loaded, overrides);
}
