import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SDK_VERSION } from '../../version.ts';
import { enUS } from './en-US.ts';
import { createI18n, loadI18n } from './i18n.ts';
import { loadLocaleFile } from './locale-loader.ts';
import { DEFAULT_LOCALE, matchLocale, SHIPPED_LOCALES, textDirection } from './locales.ts';

// happy-dom replaces URL, so the path comes from Vite's import.meta.dirname.
const source = join(import.meta.dirname, '../..');

/** Every method's strings, as the code has them now: each `*translations.ts` export's en-US. */
const methodModules = import.meta.glob<Record<string, unknown>>('../../components/**/*translations.ts', {
  eager: true,
});
const localeFiles = import.meta.glob<Record<string, unknown>>('./locales/*.json', {
  eager: true,
  import: 'default',
});

/** The full English key set: the core's en-US plus every method bundle's; fails on two meanings of one key. */
function referenceStrings() {
  const strings: Record<string, string> = { ...enUS };
  const conflicts: string[] = [];
  const origin: Record<string, string> = Object.fromEntries(
    Object.keys(enUS).map((key) => [key, 'en-US.ts']),
  );
  for (const [file, exports] of Object.entries(methodModules)) {
    for (const bundle of Object.values(exports)) {
      const english = (bundle as { 'en-US'?: Record<string, string> })?.['en-US'];
      if (!english) continue;
      for (const [key, value] of Object.entries(english)) {
        if (key in strings && strings[key] !== value)
          conflicts.push(`${key}: "${strings[key]}" (${origin[key]}) vs "${value}" (${file})`);
        strings[key] = value;
        origin[key] ??= file;
      }
    }
  }
  return { strings, conflicts };
}

const placeholders = (text: string) =>
  [...text.matchAll(/%\{(\w+)\}/g)]
    .map((match) => match[1])
    .sort()
    .join(',');

const { strings: english, conflicts } = referenceStrings();
const shippedFiles = Object.keys(localeFiles).map((path) => path.replace(/^.*\/(.+)\.json$/, '$1'));

describe('locale files', () => {
  it('the English strings give each key one meaning across the core and all method bundles', () => {
    expect(Object.keys(methodModules).length).toBeGreaterThan(30);
    expect(conflicts).toEqual([]);
  });

  it('ships a file for every listed locale but en-US, and no other', () => {
    expect(shippedFiles.sort()).toEqual(SHIPPED_LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).sort());
    expect(SHIPPED_LOCALES.length).toBeGreaterThanOrEqual(31);
  });

  it.each(shippedFiles)(
    '%s has every key, no extra key, no empty value and the same placeholders',
    (locale) => {
      const translations = localeFiles[`./locales/${locale}.json`] as Record<string, unknown>;
      const problems: string[] = [];
      for (const [key, value] of Object.entries(english)) {
        const translated = translations[key];
        if (translated === undefined) problems.push(`missing ${key}`);
        else if (typeof translated !== 'string' || translated.trim() === '') problems.push(`empty ${key}`);
        else if (placeholders(translated) !== placeholders(value))
          problems.push(`placeholders of ${key}: [${placeholders(value)}] → [${placeholders(translated)}]`);
      }
      for (const key of Object.keys(translations)) if (!(key in english)) problems.push(`extra ${key}`);
      expect(problems).toEqual([]);
    },
  );

  it('the ES-module loader has a chunk for each of them', async () => {
    for (const locale of shippedFiles)
      expect(await loadLocaleFile(locale), locale).toEqual(localeFiles[`./locales/${locale}.json`]);
    expect(await loadLocaleFile('en-GB')).toBeUndefined();
    expect(await loadLocaleFile('__proto__')).toBeUndefined();
  });

  it('SDK_VERSION (the standalone build’s translation URL) is the package version', () => {
    const manifest = JSON.parse(readFileSync(join(source, '../package.json'), 'utf8')) as { version: string };
    expect(SDK_VERSION).toBe(manifest.version);
  });
});

/** Quoted strings the source uses as data (field paths, details names), not as translation keys. */
const NOT_KEYS = new Set([
  'threeds2.fingerprint',
  'threeds2.challengeResult',
  'personalDetails.gender',
  'personalDetails.dateOfBirth',
]);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('keys used by the components', () => {
  it('every i18n.get literal and every key-shaped string of a known namespace exists in en-US', () => {
    const namespaces = new Set(Object.keys(english).map((key) => key.split('.')[0]));
    const unknown: string[] = [];
    let literalCalls = 0;
    for (const file of [...sourceFiles(join(source, 'components')), ...sourceFiles(join(source, 'core'))]) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/i18n\.get\(\s*'([^']+)'/g)) {
        literalCalls++;
        if (!((match[1] ?? '') in english)) unknown.push(`${relative(source, file)}: ${match[1]}`);
      }
      for (const match of text.matchAll(/['"]([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9-]+)+)['"]/g)) {
        const key = match[1] ?? '';
        if (namespaces.has(key.split('.')[0]) && !(key in english) && !NOT_KEYS.has(key))
          unknown.push(`${relative(source, file)}: ${key}`);
      }
    }
    expect(literalCalls).toBeGreaterThan(100);
    expect(unknown).toEqual([]);
  });
});

describe('matchLocale', () => {
  it.each([
    ['en-US', 'en-US'],
    ['en-GB', 'en-US'],
    ['de', 'de-DE'],
    ['de_AT', 'de-DE'],
    ['fr-CH', 'fr-FR'],
    ['fr_ca', 'fr-FR'],
    ['es-MX', 'es-ES'],
    ['ar', 'ar'],
    ['ar-EG', 'ar'],
    ['ar_SA', 'ar'],
    ['no', 'no-NO'],
    ['nb', 'no-NO'],
    ['nb-NO', 'no-NO'],
    ['nn-NO', 'no-NO'],
    ['zh', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['zh-HK', 'zh-TW'],
    ['zh-TW', 'zh-TW'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-PT'],
    ['pt-AO', 'pt-PT'],
    ['sl', 'sl-SI'],
    ['sr-RS', 'en-US'],
    ['he-IL', 'en-US'],
  ])('%s → %s', (requested, expected) => {
    expect(matchLocale(requested)).toBe(expected);
  });

  it('every shipped locale matches itself', () => {
    for (const locale of SHIPPED_LOCALES) expect(matchLocale(locale)).toBe(locale);
  });

  it('knows the writing direction', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('he-IL')).toBe('rtl');
    expect(textDirection('fr-FR')).toBe('ltr');
  });
});

describe('merge order', () => {
  const method = { 'en-US': { payButton: 'Method pay', 'method.only': 'Only in the method' } };

  it('the loaded locale beats a method’s en-US default, the merchant beats both', () => {
    const i18n = createI18n('de-DE', { payButton: 'Zahlen', 'method.only': 'Nur in der Methode' });
    i18n.add(method);
    expect(i18n.get('payButton')).toBe('Zahlen');
    expect(i18n.get('method.only')).toBe('Nur in der Methode');
    const overridden = createI18n('de-DE', { payButton: 'Zahlen' }, { payButton: 'Kaufen' });
    overridden.add(method);
    expect(overridden.get('payButton')).toBe('Kaufen');
    expect(overridden.get('method.only')).toBe('Only in the method');
  });

  it('a method’s en-US string replaces the core default in en-US; a merchant override still wins', () => {
    const i18n = createI18n('en-US', {}, { 'method.only': 'Mine' });
    i18n.add(method);
    expect(i18n.get('payButton')).toBe('Method pay');
    expect(i18n.get('method.only')).toBe('Mine');
    expect(i18n.has('method.only')).toBe(true);
    expect(i18n.has('toString')).toBe(false);
  });

  it('a merchant-made component’s own strings for the locale sit below the locale file', () => {
    const i18n = createI18n('fr-FR', { payButton: 'Payer' });
    i18n.add({ ...method, 'fr-FR': { payButton: 'Régler', 'method.only': 'Seulement ici' } });
    expect(i18n.get('payButton')).toBe('Payer');
    expect(i18n.get('method.only')).toBe('Seulement ici');
  });

  it('loads fr-CH as French and ar right to left', async () => {
    const french = await loadI18n('fr-CH', { 'fr-FR': { payButton: 'Acheter' } });
    expect(french.locale).toBe('fr-FR');
    expect(french.get('creditCard.numberField.title')).toBe(
      localeFiles['./locales/fr-FR.json']?.['creditCard.numberField.title'],
    );
    expect(french.get('payButton')).toBe('Acheter');
    const arabic = await loadI18n('ar-EG');
    expect(arabic.locale).toBe('ar');
    expect(arabic.dir).toBe('rtl');
    expect(arabic.get('payButton')).toMatch(/[\u0600-\u06FF]/);
  });
});
