import type { Translations } from './en-US.ts';

/**
 * The ES-module build's locale loader: one lazy chunk per locale. The map is written out (no
 * template in the import path) so every bundler sees each file and splits it. The standalone build
 * replaces this module with `locale-loader.standalone.ts` (an alias in its two build configs).
 */
const LOCALE_FILES: Record<string, () => Promise<{ default: Translations }>> = {
  ar: () => import('./locales/ar.json'),
  'bg-BG': () => import('./locales/bg-BG.json'),
  'ca-ES': () => import('./locales/ca-ES.json'),
  'cs-CZ': () => import('./locales/cs-CZ.json'),
  'da-DK': () => import('./locales/da-DK.json'),
  'de-DE': () => import('./locales/de-DE.json'),
  'el-GR': () => import('./locales/el-GR.json'),
  'es-ES': () => import('./locales/es-ES.json'),
  'et-EE': () => import('./locales/et-EE.json'),
  'fi-FI': () => import('./locales/fi-FI.json'),
  'fr-FR': () => import('./locales/fr-FR.json'),
  'hr-HR': () => import('./locales/hr-HR.json'),
  'hu-HU': () => import('./locales/hu-HU.json'),
  'is-IS': () => import('./locales/is-IS.json'),
  'it-IT': () => import('./locales/it-IT.json'),
  'ja-JP': () => import('./locales/ja-JP.json'),
  'ko-KR': () => import('./locales/ko-KR.json'),
  'lt-LT': () => import('./locales/lt-LT.json'),
  'lv-LV': () => import('./locales/lv-LV.json'),
  'nl-NL': () => import('./locales/nl-NL.json'),
  'no-NO': () => import('./locales/no-NO.json'),
  'pl-PL': () => import('./locales/pl-PL.json'),
  'pt-BR': () => import('./locales/pt-BR.json'),
  'pt-PT': () => import('./locales/pt-PT.json'),
  'ro-RO': () => import('./locales/ro-RO.json'),
  'ru-RU': () => import('./locales/ru-RU.json'),
  'sk-SK': () => import('./locales/sk-SK.json'),
  'sl-SI': () => import('./locales/sl-SI.json'),
  'sv-SE': () => import('./locales/sv-SE.json'),
  'zh-CN': () => import('./locales/zh-CN.json'),
  'zh-TW': () => import('./locales/zh-TW.json'),
};

/** The strings of a shipped locale other than en-US, or undefined when there is no such file. */
export async function loadLocaleFile(
  locale: string,
  _loadingContext?: string,
): Promise<Translations | undefined> {
  const load = Object.hasOwn(LOCALE_FILES, locale) ? LOCALE_FILES[locale] : undefined;
  return load ? (await load()).default : undefined;
}
