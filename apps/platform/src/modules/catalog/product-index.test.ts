import { describe, expect, it } from 'vitest';
import { Bitset } from '../../shared/bitset.ts';
import { CatalogIndex, compareSortValues } from './product-index.ts';

const strokes = ['300', '50', '1000', '100'];
const index = new CatalogIndex(
  strokes.map((stroke, position) => ({
    id: `item-${stroke}`,
    name: `Item ${position}`,
    description: null,
    default_price_schedule_id: 'list',
    values: [stroke],
  })),
  ['Facets.strokeLength.value'],
  [],
  [],
);
const everything = () => {
  const visible = new Bitset(index.size);
  for (let position = 0; position < index.size; position++) visible.add(position);
  return visible;
};
const ids = async (sortBy: string[], filters: { field: string; value: string }[] = []) =>
  (
    await index.query(
      { visible: everything(), filters, sortBy, page: 1, pageSize: 10 },
      async () => new Set(),
    )
  ).ids;

describe('catalog index: numeric xp values', () => {
  it('sorts numbers by value, as OrderCloud does (50 before 100 before 1000)', async () => {
    expect(await ids(['xp.Facets.strokeLength.value'])).toEqual([
      'item-50',
      'item-100',
      'item-300',
      'item-1000',
    ]);
    expect(await ids(['!xp.Facets.strokeLength.value'])).toEqual([
      'item-1000',
      'item-300',
      'item-100',
      'item-50',
    ]);
    expect(compareSortValues('b', 'a')).toBeGreaterThan(0);
  });

  it('ANDs a repeated filter, so `>=` and `<=` make a range', async () => {
    const field = 'xp.Facets.strokeLength.value';
    expect(
      await ids(
        ['xp.Facets.strokeLength.value'],
        [
          { field, value: '>=100' },
          { field, value: '<=300' },
        ],
      ),
    ).toEqual(['item-100', 'item-300']);
  });
});
