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

describe('catalog index: answers kept per party and filter set', () => {
  const visible = everything();
  const query = (
    filters: { field: string; value: string }[],
    page = 1,
    fallback = async () => new Set<string>(),
  ) => index.query({ visible, filters, sortBy: [], page, pageSize: 2 }, fallback);
  const field = 'xp.Facets.strokeLength.value';

  it('answers a repeated filter set, in any order and on any page, from the same counts', async () => {
    const first = await query([
      { field, value: '>=100' },
      { field: 'Name', value: 'Item*' },
    ]);
    const again = await query(
      [
        { field: 'Name', value: 'Item*' },
        { field, value: '>=100' },
      ],
      2,
    );
    expect(again.facets).toBe(first.facets);
    expect(again.totalCount).toBe(3);
    expect([...first.ids, ...again.ids].sort()).toEqual(['item-100', 'item-1000', 'item-300']);
    // Another party's visibility is its own answer.
    const other = await index.query(
      {
        visible: new Bitset(index.size),
        filters: [{ field, value: '>=100' }],
        sortBy: [],
        page: 1,
        pageSize: 2,
      },
      async () => new Set(),
    );
    expect(other.totalCount).toBe(0);
  });

  it('asks again for a filter the index does not hold (the database may have changed)', async () => {
    let asked = 0;
    const fallback = async () => {
      asked++;
      return new Set(['item-50']);
    };
    await query([{ field: 'Inventory.QuantityAvailable', value: '>0' }], 1, fallback);
    const again = await query([{ field: 'Inventory.QuantityAvailable', value: '>0' }], 1, fallback);
    expect(asked).toBe(2);
    expect(again.ids).toEqual(['item-50']);
  });
});
