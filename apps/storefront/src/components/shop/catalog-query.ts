/*
 * The catalogue's state lives in the URL, so links are shareable and the back button works:
 *
 *   /en/catalog?q=solar&f.Facets.voltage=24+V&f.Facets.voltage=48+V&f.FamilyID=HD25&page=2
 *
 * `q` is the search text, each `f.<XpPath>` a chosen facet value (several values of one facet are
 * OR-ed, different facets AND-ed, as the platform does), `min.<XpPath>`/`max.<XpPath>` a range of a
 * numeric facet (`>=`/`<=`), `sort` the order (relevance when absent), `page` the page (1-based). Pure functions:
 * parse search params, write them back, toggle a value, and build the platform's list filters.
 */

export interface CatalogQuery {
  readonly search: string;
  readonly page: number;
  /** XpPath (e.g. `Facets.voltage`) → chosen values. */
  readonly filters: Readonly<Record<string, readonly string[]>>;
  /** Numeric XpPath (e.g. `Facets.strokeLength.value`) → bounds, both inclusive. */
  readonly ranges?: Readonly<Record<string, NumericRange>>;
  /** Absent: relevance. */
  readonly sort?: CatalogSort;
}

export interface NumericRange {
  readonly min?: number;
  readonly max?: number;
}

export const CATALOG_SORTS = ['relevance', 'price', 'name', 'stroke'] as const;
export type CatalogSort = Exclude<(typeof CATALOG_SORTS)[number], 'relevance'>;

/** The platform's `sortBy` of each order the platform can sort by (price is sorted here, see catalog.ts). */
export const PLATFORM_SORT: Readonly<Record<Exclude<CatalogSort, 'price'>, string>> = {
  name: 'Name',
  stroke: 'xp.Facets.strokeLength.value',
};

export const MIN_PREFIX = 'min.';
export const MAX_PREFIX = 'max.';

export const FILTER_PREFIX = 'f.';
const MAX_SEARCH = 100;
const MAX_PAGE = 1000;
const XP_PATH = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*){0,3}$/;
/*
 * The platform refuses a list with more than 20 filters, 100 terms or 1,000 characters in one filter,
 * or a field name over 200 characters; a hand-made URL beyond these bounds loses its extra facets
 * instead of failing the page.
 */
const MAX_FACETS = 15;
const MAX_VALUES_PER_FACET = 50;
const MAX_FACET_FILTER_LENGTH = 900;
const MAX_PATH_LENGTH = 100;
/** Two ranges add at most four filters: with 15 facets and `xp.Kind` still within the 20. */
const MAX_RANGES = 2;

type SearchParams = Readonly<Record<string, string | readonly string[] | undefined>> | URLSearchParams;

function entries(params: SearchParams): [string, string][] {
  if (params instanceof URLSearchParams) return [...params.entries()];
  return Object.entries(params).flatMap(([key, value]) =>
    value === undefined
      ? []
      : (Array.isArray(value) ? value : [value as string]).map((v): [string, string] => [key, v]),
  );
}

export function parseCatalogQuery(params: SearchParams): CatalogQuery {
  let search = '';
  let page = 1;
  const filters: Record<string, string[]> = {};
  const ranges: Record<string, { min?: number; max?: number }> = {};
  let sort: CatalogSort | undefined;
  for (const [key, raw] of entries(params)) {
    const value = raw.trim();
    if (key === 'q') search = value.slice(0, MAX_SEARCH);
    else if (key === 'sort') {
      sort =
        (CATALOG_SORTS as readonly string[]).includes(value) && value !== 'relevance'
          ? (value as CatalogSort)
          : undefined;
    } else if (key.startsWith(MIN_PREFIX) || key.startsWith(MAX_PREFIX)) {
      const bound = key.startsWith(MIN_PREFIX) ? 'min' : 'max';
      const path = key.slice(4);
      const n = Number(value.replace(',', '.'));
      if (!value || !Number.isFinite(n) || path.length > MAX_PATH_LENGTH || !XP_PATH.test(path)) continue;
      if (!ranges[path] && Object.keys(ranges).length >= MAX_RANGES) continue;
      ranges[path] = { ...ranges[path], [bound]: n };
    } else if (key === 'page') {
      const n = Number.parseInt(value, 10);
      page = Number.isFinite(n) && n >= 1 ? Math.min(n, MAX_PAGE) : 1;
    } else if (key.startsWith(FILTER_PREFIX) && value) {
      const path = key.slice(FILTER_PREFIX.length);
      if (path.length > MAX_PATH_LENGTH || !XP_PATH.test(path)) continue;
      if (!filters[path] && Object.keys(filters).length >= MAX_FACETS) continue;
      const values = filters[path] ?? [];
      if (values.includes(value) || values.length >= MAX_VALUES_PER_FACET) continue;
      if ([...values, value].map(escapeFilterValue).join('|').length > MAX_FACET_FILTER_LENGTH) continue;
      values.push(value);
      filters[path] = values;
    }
  }
  return {
    search,
    page,
    filters,
    ...(Object.keys(ranges).length > 0 ? { ranges } : {}),
    ...(sort ? { sort } : {}),
  };
}

/** The query string (with `?`, or '' when empty); keys in a stable order. */
export function catalogQueryToSearch(query: CatalogQuery): string {
  const params = new URLSearchParams();
  if (query.search) params.set('q', query.search);
  for (const path of Object.keys(query.filters).sort()) {
    for (const value of query.filters[path] ?? []) params.append(`${FILTER_PREFIX}${path}`, value);
  }
  for (const path of Object.keys(query.ranges ?? {}).sort()) {
    const range = query.ranges?.[path];
    if (range?.min !== undefined) params.set(`${MIN_PREFIX}${path}`, String(range.min));
    if (range?.max !== undefined) params.set(`${MAX_PREFIX}${path}`, String(range.max));
  }
  if (query.sort) params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Adds or removes one facet value; any change of filters goes back to page 1. */
export function toggleFilter(query: CatalogQuery, path: string, value: string): CatalogQuery {
  const current = query.filters[path] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const filters = { ...query.filters };
  if (next.length > 0) filters[path] = next;
  else delete filters[path];
  return { ...query, filters, page: 1 };
}

export function isFilterChosen(query: CatalogQuery, path: string, value: string): boolean {
  return query.filters[path]?.includes(value) ?? false;
}

export function withPage(query: CatalogQuery, page: number): CatalogQuery {
  return { ...query, page: Math.max(1, Math.min(page, MAX_PAGE)) };
}

/** Without any facet value or range (search and order kept). */
export function clearFilters(query: CatalogQuery): CatalogQuery {
  return { search: query.search, page: 1, filters: {}, ...(query.sort ? { sort: query.sort } : {}) };
}

/** Without the range of one numeric facet. */
export function withoutRange(query: CatalogQuery, path: string): CatalogQuery {
  const ranges = { ...query.ranges };
  delete ranges[path];
  const { ranges: _dropped, ...rest } = query;
  return { ...rest, page: 1, ...(Object.keys(ranges).length > 0 ? { ranges } : {}) };
}

export function withSort(query: CatalogQuery, sort: CatalogSort | undefined): CatalogQuery {
  const { sort: _dropped, ...rest } = query;
  return { ...rest, page: 1, ...(sort ? { sort } : {}) };
}

/** A literal value in an OrderCloud filter: its operators and wildcards escaped. */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\*!|<>]/g, (c) => `\\${c}`);
}

/**
 * The platform's list filters: `xp.<XpPath>` → values OR-ed with `|`; a range as two values of the
 * same parameter (`>=min`, `<=max`), which the platform AND-s.
 */
export function platformFilters(query: CatalogQuery): Record<string, string | string[]> {
  const filters: Record<string, string | string[]> = {};
  for (const [path, values] of Object.entries(query.filters)) {
    if (values.length > 0) filters[`xp.${path}`] = values.map(escapeFilterValue).join('|');
  }
  for (const [path, range] of Object.entries(query.ranges ?? {})) {
    const terms = [
      ...(range.min !== undefined ? [`>=${range.min}`] : []),
      ...(range.max !== undefined ? [`<=${range.max}`] : []),
    ];
    if (terms.length > 0 && filters[`xp.${path}`] === undefined) filters[`xp.${path}`] = terms;
  }
  return filters;
}
