import { describe, expect, it } from 'vitest';
import home from '../../content/pages/home.json';
import da from '../../messages/da.json';
import de from '../../messages/de.json';
import en from '../../messages/en.json';
import { localeOfPath, offeredLocales, routing } from './routing';

const messages: Record<string, unknown> = { en, da, de };

/** Every leaf of a message tree as `path → text`. */
function leaves(tree: unknown, prefix = ''): Map<string, unknown> {
  const result = new Map<string, unknown>();
  if (tree !== null && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree)) {
      for (const [path, leaf] of leaves(value, prefix ? `${prefix}.${key}` : key)) result.set(path, leaf);
    }
  } else {
    result.set(prefix, tree);
  }
  return result;
}

describe('messages', () => {
  const reference = leaves(en);

  it.each(routing.locales)('%s has exactly the keys of en, all non-empty texts', (locale) => {
    const own = leaves(messages[locale]);
    expect([...own.keys()].sort()).toEqual([...reference.keys()].sort());
    for (const [path, text] of own) expect(typeof text === 'string' && text.trim() !== '', path).toBe(true);
  });

  it('has the notice shown when localization is off', () => {
    expect(en.LocaleSwitcher.notEnabled).toBe('Localization is not enabled');
  });
});

describe('home content', () => {
  it('translates every text of the layout into every locale', () => {
    const missing: string[] = [];
    const visit = (node: unknown, path: string) => {
      if (node === null || typeof node !== 'object') return;
      const record = node as Record<string, unknown>;
      if ('en' in record && Object.values(record).every((value) => typeof value === 'string')) {
        for (const locale of routing.locales) if (!record[locale]) missing.push(`${path}.${locale}`);
        return;
      }
      for (const [key, value] of Object.entries(record)) visit(value, `${path}.${key}`);
    };
    visit(home, 'home');
    expect(missing).toEqual([]);
  });
});

describe('routing helpers', () => {
  it('finds the locale of a path', () => {
    expect(localeOfPath('/da/orders')).toBe('da');
    expect(localeOfPath('/da')).toBe('da');
    expect(localeOfPath('/dan')).toBeUndefined();
    expect(localeOfPath('/')).toBeUndefined();
  });

  it('offers only the default locale when localization is off', () => {
    expect(offeredLocales(false)).toEqual(['en']);
    expect(offeredLocales(true)).toEqual(['en', 'da', 'de']);
  });
});
