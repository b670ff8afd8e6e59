import { describe, expect, it } from 'vitest';
import da from '../../messages/da.json';
import de from '../../messages/de.json';
import en from '../../messages/en.json';

/*
 * A Danish or German text equal to the English one is usually a text nobody translated. Only these
 * may be equal: brand names, symbols and placeholders, and words that are the same in the language.
 */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'Actuate',
  '© {year} Actuate',
  '—',
  '{quantity} × {product}',
  'IBAN',
  'BIC',
  '{start} – {end}',
]);
const SAME_WORD: Readonly<Record<'da' | 'de', ReadonlySet<string>>> = {
  da: new Set([
    'Status',
    'Standard',
    'Parallel',
    'Potentiometer',
    'Type',
    'Region',
    'E-mail',
    'Interval',
    'Administrator',
    'Subtotal',
    'Menu',
  ]),
  de: new Set([
    'Status',
    'Standard',
    'Parallel',
    'Potentiometer',
    'Region',
    'Name',
    'Budgets',
    'Administrator',
  ]),
};

function leaves(tree: unknown, prefix = ''): [string, unknown][] {
  if (tree === null || typeof tree !== 'object') return [[prefix, tree]];
  return Object.entries(tree).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

describe('translations', () => {
  const english = new Map(leaves(en));
  it.each([
    ['da', da],
    ['de', de],
  ] as const)('%s has its own text wherever English words would show', (locale, messages) => {
    const untranslated = leaves(messages)
      .filter(([path, text]) => english.get(path) === text)
      .filter(([, text]) => !SAME_IN_EVERY_LANGUAGE.has(String(text)) && !SAME_WORD[locale].has(String(text)))
      .map(([path, text]) => `${path}: ${String(text)}`);
    expect(untranslated).toEqual([]);
  });

  it('keeps "Bestellnummer" for the buyer\'s own order number; ours is the Bestell-ID or Auftragsnummer', () => {
    const uses = leaves(de)
      .filter(([, text]) => String(text).includes('Bestellnummer'))
      .map(([path]) => path)
      .sort();
    expect(uses).toEqual([
      'Checkout.customerReference',
      'Checkout.messages.referenceRequired',
      'Problems.purchaseOrderWithoutReference',
    ]);
    expect(de.Checkout.orderNumber).toBe('Auftragsnummer');
    expect(de.Checkout.orderId).toBe('Bestell-ID');
  });
});
