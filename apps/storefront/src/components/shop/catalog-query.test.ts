import { describe, expect, it } from 'vitest';
import {
  catalogQueryToSearch,
  clearFilters,
  escapeFilterValue,
  isFilterChosen,
  parseCatalogQuery,
  platformFilters,
  toggleFilter,
  withPage,
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
