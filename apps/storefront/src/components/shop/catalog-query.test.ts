import { describe, expect, it } from 'vitest';
import {
  catalogQueryToSearch,
  clearFilters,
  escapeFilterValue,
  isFilterChosen,
  parseCatalogQuery,
  platformFilters,
  toggleFilter,
  withoutRange,
  withPage,
  withSort,
} from './catalog-query';

describe('catalogue URL state', () => {
  it('parses search, page and repeated facet values', () => {
    const query = parseCatalogQuery(
      new URLSearchParams('q=solar&f.Facets.voltage=24+V&f.Facets.voltage=48+V&f.FamilyID=HD25&page=2'),
    );
    expect(query).toEqual({
      search: 'solar',
      page: 2,
      filters: { 'Facets.voltage': ['24 V', '48 V'], FamilyID: ['HD25'] },
    });
  });

  it('accepts Next.js searchParams objects and ignores junk', () => {
    const query = parseCatalogQuery({
      'f.Facets.voltage': ['24 V', '24 V'],
      page: '-3',
      'f.bad path': 'x',
      other: 'y',
    });
    expect(query).toEqual({ search: '', page: 1, filters: { 'Facets.voltage': ['24 V'] } });
  });

  it('round-trips through the query string', () => {
    const query = parseCatalogQuery(new URLSearchParams('f.Facets.voltage=24+V&q=hd&page=3'));
    expect(catalogQueryToSearch(query)).toBe('?q=hd&f.Facets.voltage=24+V&page=3');
    expect(parseCatalogQuery(new URLSearchParams(catalogQueryToSearch(query).slice(1)))).toEqual(query);
    expect(catalogQueryToSearch(parseCatalogQuery({}))).toBe('');
  });

  it('toggles values and resets the page', () => {
    const base = withPage(parseCatalogQuery({}), 4);
    const on = toggleFilter(base, 'Facets.voltage', '24 V');
    expect(on.page).toBe(1);
    expect(isFilterChosen(on, 'Facets.voltage', '24 V')).toBe(true);
    const off = toggleFilter(on, 'Facets.voltage', '24 V');
    expect(off.filters).toEqual({});
    expect(clearFilters({ ...on, search: 'x' })).toEqual({ search: 'x', page: 1, filters: {} });
  });

  it('builds escaped platform filters', () => {
    expect(escapeFilterValue('a*b|c!')).toBe('a\\*b\\|c\\!');
    expect(
      platformFilters(parseCatalogQuery({ 'f.Facets.voltage': ['24 V', '48 V'], 'f.FamilyID': 'HD25' })),
    ).toEqual({
      'xp.Facets.voltage': '24 V|48 V',
      'xp.FamilyID': 'HD25',
    });
  });
});

describe('catalogue URL state within the platform’s list bounds', () => {
  it('keeps at most 15 facets, 50 values and 900 characters per facet, and short paths', () => {
    const params = new URLSearchParams();
    for (let facet = 0; facet < 30; facet++) params.append(`f.Facets.f${facet}`, 'x');
    for (let value = 0; value < 80; value++) params.append('f.Facets.f0', `v${value}`);
    params.append('f.Facets.f1', '*'.repeat(400));
    params.append('f.Facets.f1', '|'.repeat(450));
    params.append(`f.${'a'.repeat(101)}`, 'x');
    const query = parseCatalogQuery(params);
    expect(Object.keys(query.filters)).toHaveLength(15);
    expect(query.filters['Facets.f0']).toHaveLength(50);
    expect(query.filters['Facets.f1']).toEqual(['x', '*'.repeat(400)]);
    const filters = platformFilters(query);
    expect(Object.keys(filters).length + 1).toBeLessThanOrEqual(20);
    for (const value of Object.values(filters)) {
      if (typeof value !== 'string') throw new Error('a facet filter is one value');
      expect(value.length).toBeLessThanOrEqual(1000);
      expect(value.split('|').length).toBeLessThanOrEqual(100);
    }
  });
});

describe('catalogue ranges and order', () => {
  it('parses numeric ranges and the order, and writes them back', () => {
    const query = parseCatalogQuery(
      new URLSearchParams(
        'min.Facets.strokeLength.value=100&max.Facets.strokeLength.value=300&min.Facets.x=abc&sort=stroke',
      ),
    );
    expect(query.ranges).toEqual({ 'Facets.strokeLength.value': { min: 100, max: 300 } });
    expect(query.sort).toBe('stroke');
    expect(catalogQueryToSearch(query)).toBe(
      '?min.Facets.strokeLength.value=100&max.Facets.strokeLength.value=300&sort=stroke',
    );
    expect(parseCatalogQuery(new URLSearchParams('sort=relevance')).sort).toBeUndefined();
    expect(parseCatalogQuery(new URLSearchParams('sort=nonsense')).sort).toBeUndefined();
  });

  it('sends a range as >= and <= of one parameter, and clears it', () => {
    const query = parseCatalogQuery({
      'min.Facets.strokeLength.value': '100',
      'max.Facets.strokeLength.value': '300',
    });
    expect(platformFilters(query)).toEqual({ 'xp.Facets.strokeLength.value': ['>=100', '<=300'] });
    expect(withoutRange(query, 'Facets.strokeLength.value').ranges).toBeUndefined();
    expect(withSort(query, 'name').sort).toBe('name');
    expect(clearFilters(withSort(query, 'name'))).toEqual({ search: '', page: 1, filters: {}, sort: 'name' });
  });
});
