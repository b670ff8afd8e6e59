import { describe, expect, it } from 'vitest';
import {
  type ConfigurableItem,
  choicesFromSearchParams,
  choicesOf,
  choicesToSearch,
  compareFacetValues,
  configure,
  packItems,
  sanitizeChoices,
  unpackItems,
} from './configurator-logic';

const item = (salesItemNumber: string, facets: Record<string, string>, active = true): ConfigurableItem => ({
  salesItemNumber,
  facets,
  active,
});

const keys = ['voltage', 'strokeLength', 'feedback'];
const items = [
  item('A10001', { voltage: '24 V', strokeLength: '100 mm', feedback: 'None' }),
  item('A10002', { voltage: '24 V', strokeLength: '300 mm', feedback: 'Hall' }),
  item('A10003', { voltage: '12 V', strokeLength: '100 mm', feedback: 'None' }),
  item('A10004', { voltage: '48 V', strokeLength: '300 mm', feedback: 'None' }, false),
  item('A10005', { voltage: '12 V', strokeLength: '300 mm', feedback: 'Hall' }),
];

const option = (state: ReturnType<typeof configure>, key: string, value: string) =>
  state.facets.find((facet) => facet.key === key)?.values.find((v) => v.value === value);

describe('configure', () => {
  it('offers every value of an active item when nothing is chosen', () => {
    const state = configure(items, keys, {});
    expect(option(state, 'voltage', '24 V')).toMatchObject({ count: 2, selected: false });
    expect(option(state, 'voltage', '48 V')?.unavailable).toEqual({ kind: 'no-active-item' });
    expect(state.matches).toHaveLength(4);
    expect(state.resolved).toBeUndefined();
  });

  it('disables values that conflict with a choice and names the conflicting facet', () => {
    const state = configure(items, keys, { feedback: 'Hall' });
    expect(option(state, 'strokeLength', '100 mm')?.unavailable).toEqual({
      kind: 'conflicts',
      with: ['feedback'],
    });
    expect(option(state, 'strokeLength', '300 mm')?.unavailable).toBeUndefined();
    // Changing the chosen facet itself stays possible.
    expect(option(state, 'feedback', 'None')?.unavailable).toBeUndefined();
    expect(state.facets.find((f) => f.key === 'strokeLength')?.implied).toBe('300 mm');
  });

  it('tells a conflict of the whole combination from one of a single choice', () => {
    const combo = [
      item('B1', { a: '1', b: '1', c: 'x' }),
      item('B2', { a: '1', b: '2', c: 'y' }),
      item('B3', { a: '2', b: '1', c: 'y' }),
    ];
    const state = configure(combo, ['a', 'b', 'c'], { a: '1', b: '1' });
    expect(option(state, 'c', 'y')?.unavailable).toEqual({ kind: 'combination' });
  });

  it('resolves the sales item once the choices decide it', () => {
    const state = configure(items, keys, { voltage: '24 V', strokeLength: '300 mm' });
    expect(state.resolved?.salesItemNumber).toBe('A10002');
    expect(option(state, 'voltage', '24 V')?.selected).toBe(true);
  });

  it('never resolves to an inactive item', () => {
    const state = configure(items, keys, { voltage: '48 V' });
    expect(state.choices).toEqual({});
    expect(state.resolved).toBeUndefined();
  });
});

describe('sanitizeChoices', () => {
  it('keeps consistent choices in facet order and drops the rest', () => {
    expect(
      sanitizeChoices(items, keys, { voltage: '12 V', strokeLength: '100 mm', feedback: 'Hall' }),
    ).toEqual({
      voltage: '12 V',
      strokeLength: '100 mm',
    });
    expect(sanitizeChoices(items, keys, { voltage: 'nope', other: 'x' })).toEqual({});
  });
});

describe('URL and deep links', () => {
  it('reads known facet keys from search params and writes them back', () => {
    const choices = choicesFromSearchParams({ voltage: '24 V', page: '2', feedback: ['Hall', 'None'] }, keys);
    expect(choices).toEqual({ voltage: '24 V', feedback: 'Hall' });
    expect(choicesToSearch(choices, { qty: '3' })).toBe('?voltage=24+V&feedback=Hall&qty=3');
    expect(choicesToSearch({})).toBe('');
  });

  it('preselects every facet of a sales item', () => {
    const [first] = items;
    if (!first) throw new Error('no item');
    const choices = choicesOf(first, keys);
    expect(configure(items, keys, choices).resolved?.salesItemNumber).toBe('A10001');
  });

  it('orders numeric values by number', () => {
    expect(['300 mm', '50 mm', '100 mm'].sort(compareFacetValues)).toEqual(['50 mm', '100 mm', '300 mm']);
    expect(['b', 'a'].sort(compareFacetValues)).toEqual(['a', 'b']);
  });
});

describe('packed items for the browser', () => {
  it('round-trips items through packItems and unpackItems', () => {
    const keys = ['voltage', 'strokeLength'];
    const items: ConfigurableItem[] = [
      { salesItemNumber: 'A1', facets: { voltage: '24 V', strokeLength: '100 mm' }, active: true },
      { salesItemNumber: 'A2', facets: { voltage: '12 V' }, active: false },
      { salesItemNumber: 'A3', facets: { voltage: '24 V', strokeLength: '200 mm' }, active: true },
    ];
    const packed = packItems(items, keys);
    expect(packed.values).toEqual([
      ['24 V', '12 V'],
      ['100 mm', '200 mm'],
    ]);
    expect(packed.rows[1]).toEqual(['A2', 0, 1, -1]);
    expect(unpackItems(packed, keys)).toEqual(items);
  });
});
