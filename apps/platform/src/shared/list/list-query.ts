import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { invalidRequest } from '../errors.ts';
import {
  combineTerms,
  FilterSyntaxError,
  type FilterTerm,
  parseFilterValue,
  patternHasWildcard,
  patternText,
  toLikePattern,
} from './filter-parser.ts';

export type FieldType = 'text' | 'number' | 'boolean' | 'date';

export interface ListField {
  column: AnyPgColumn | SQL;
  type: FieldType;
}

/** What a resource exposes to lists: its filterable/sortable fields by OrderCloud name, and its xp column. */
export interface ListDefinition {
  fields: Record<string, ListField>;
  xp?: AnyPgColumn;
  /** Fields `search` looks in when `searchOn` is not given. */
  searchOn: string[];
  /** Default order; ID is always appended as the tie-breaker. */
  defaultSort: string[];
  /** Query parameters the route handles itself (e.g. `catalogID`), not filters. */
  ownParameters?: string[];
}

export interface ListOptions {
  search?: string;
  searchOn?: string[];
  sortBy: string[];
  page: number;
  pageSize: number;
  /** Each filter key with each of its values (repeated keys are AND-ed). */
  filters: { field: string; value: string }[];
}

export type ListQueryString = Record<string, string | string[] | undefined>;

const RESERVED = new Set(['search', 'searchOn', 'searchType', 'sortBy', 'page', 'pageSize', 'depth']);
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
/** Bounds that keep one list request cheap to parse and to run, whatever the caller sends. */
export const LIST_LIMITS = {
  /** Filter values per request (a repeated key counts once per value). */
  filters: 20,
  /** Characters of one filter value, and of `search`. */
  valueLength: 1000,
  /** Characters of a field name, e.g. an `xp.` path. */
  fieldLength: 200,
  /** Fields named by `sortBy` or `searchOn`. */
  fieldList: 10,
} as const;

/** Refuses a value longer than `max`, naming the query parameter it came in. */
function checkLength(what: string, field: string, value: string, max: number): void {
  if (value.length > max)
    throw invalidRequest(`${what} is longer than ${max} characters.`, { Field: field, MaxLength: max });
}

const valuesOf = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

const splitList = (value: string | string[] | undefined) =>
  valuesOf(value)
    .flatMap((part) => part.split(','))
    .map((part) => part.trim())
    .filter(Boolean);

/** Up to 2^31 - 1, so that offsets stay exact integers PostgreSQL accepts. */
const MAX_PAGE = 2_147_483_647;

function positiveInteger(name: string, raw: string | string[] | undefined, fallback: number): number {
  const [value] = valuesOf(raw);
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_PAGE)
    throw invalidRequest(`${name} must be a positive integer up to ${MAX_PAGE}.`);
  return Number(value);
}

/** Reads OrderCloud list parameters from a query string; everything not reserved is a filter. */
export function parseListQuery(query: ListQueryString, ownParameters: string[] = []): ListOptions {
  const pageSize = positiveInteger('pageSize', query.pageSize, DEFAULT_PAGE_SIZE);
  if (pageSize > MAX_PAGE_SIZE) throw invalidRequest(`pageSize cannot exceed ${MAX_PAGE_SIZE}.`);
  const own = new Set(ownParameters.map((name) => name.toLowerCase()));
  const filters: ListOptions['filters'] = [];
  for (const [field, raw] of Object.entries(query)) {
    if (RESERVED.has(field) || own.has(field.toLowerCase())) continue;
    checkLength('A filter field name', field.slice(0, 50), field, LIST_LIMITS.fieldLength);
    for (const value of valuesOf(raw)) {
      checkLength(`The ${field} filter`, field, value, LIST_LIMITS.valueLength);
      filters.push({ field, value });
    }
  }
  if (filters.length > LIST_LIMITS.filters)
    throw invalidRequest(`A list takes at most ${LIST_LIMITS.filters} filters.`, {
      MaxFilters: LIST_LIMITS.filters,
    });
  const [search] = valuesOf(query.search);
  if (search) checkLength('search', 'search', search, LIST_LIMITS.valueLength);
  const searchOn = splitList(query.searchOn);
  const sortBy = splitList(query.sortBy);
  for (const [name, fields] of [
    ['searchOn', searchOn],
    ['sortBy', sortBy],
  ] as const) {
    if (fields.length > LIST_LIMITS.fieldList)
      throw invalidRequest(`${name} names at most ${LIST_LIMITS.fieldList} fields.`, {
        Field: name,
        MaxFields: LIST_LIMITS.fieldList,
      });
    for (const field of fields) checkLength(`A ${name} field`, name, field, LIST_LIMITS.fieldLength);
  }
  return {
    ...(search ? { search } : {}),
    ...(searchOn.length > 0 ? { searchOn } : {}),
    sortBy,
    page: positiveInteger('page', query.page, 1),
    pageSize,
    filters,
  };
}

/** `xp.Facets.voltage` → ['Facets', 'voltage'], or undefined for a non-xp field. */
export function xpPath(field: string): string[] | undefined {
  if (!/^xp\./i.test(field)) return undefined;
  const path = field.slice(3).split('.');
  if (path.some((segment) => segment === '')) throw invalidRequest(`Invalid xp path: ${field}`);
  return path;
}

const textArray = (path: string[]) =>
  sql`array[${sql.join(
    path.map((segment) => sql`${segment}`),
    sql`, `,
  )}]::text[]`;

function findField(definition: ListDefinition, name: string): ListField | undefined {
  // Own keys only: `constructor` or `toString` are not fields.
  if (Object.hasOwn(definition.fields, name)) return definition.fields[name];
  const lower = name.toLowerCase();
  const key = Object.keys(definition.fields).find((candidate) => candidate.toLowerCase() === lower);
  return key ? definition.fields[key] : undefined;
}

/** The SQL expression and type a filter, search or sort names. */
function resolveField(definition: ListDefinition, name: string): { expression: SQL; type: FieldType | 'xp' } {
  const path = xpPath(name);
  if (path) {
    if (!definition.xp) throw invalidRequest(`This resource has no xp to filter on: ${name}`);
    return { expression: sql`${definition.xp} #>> ${textArray(path)}`, type: 'xp' };
  }
  const field = findField(definition, name);
  if (!field) throw invalidRequest(`Unknown field: ${name}`, { Field: name });
  return { expression: sql`${field.column}`, type: field.type };
}

const COMPARATORS = { eq: sql`=`, gt: sql`>`, gte: sql`>=`, lt: sql`<`, lte: sql`<=` } as const;

function typedValue(type: FieldType, text: string, field: string): unknown {
  switch (type) {
    case 'number': {
      const number = Number(text);
      if (text.trim() === '' || !Number.isFinite(number)) throw invalidRequest(`${field} expects a number.`);
      return number;
    }
    case 'boolean': {
      const lower = text.toLowerCase();
      if (lower !== 'true' && lower !== 'false') throw invalidRequest(`${field} expects true or false.`);
      return lower === 'true';
    }
    case 'date': {
      const date = new Date(text);
      // PostgreSQL's timestamps end at year 294276, JavaScript's at 275760 and before year 1 both differ.
      const year = date.getUTCFullYear();
      if (Number.isNaN(date.getTime()) || year < 1 || year > 9999)
        throw invalidRequest(`${field} expects a date between the years 1 and 9999.`);
      return date.toISOString();
    }
    case 'text':
      return text;
  }
}

const isInt32 = (value: number) => Number.isInteger(value) && Math.abs(value) <= 2_147_483_647;

function termCondition(definition: ListDefinition, field: string, term: FilterTerm): SQL {
  const { expression, type } = resolveField(definition, field);
  const text = patternText(term.pattern);
  let condition: SQL;
  if (type === 'xp') {
    const numeric = text.trim() !== '' && !Number.isNaN(Number(text));
    if (term.operator !== 'eq' && numeric) {
      const path = xpPath(field) as string[];
      // Compare as numbers only where the stored value is a JSON number; other values never match.
      condition = sql`(case when jsonb_typeof(${definition.xp} #> ${textArray(path)}) = 'number' then (${expression})::numeric end) ${COMPARATORS[term.operator]} ${Number(text)}`;
    } else if (term.operator !== 'eq') {
      condition = sql`${expression} ${COMPARATORS[term.operator]} ${text}`;
    } else {
      condition = sql`${expression} ilike ${toLikePattern(term.pattern)}`;
    }
  } else if (type === 'text') {
    condition =
      term.operator === 'eq'
        ? sql`${expression} ilike ${toLikePattern(term.pattern)}`
        : sql`${expression} ${COMPARATORS[term.operator]} ${text}`;
  } else {
    if (patternHasWildcard(term.pattern))
      throw invalidRequest(`${field} cannot be filtered with a wildcard.`);
    const value = typedValue(type, text, field);
    // A number outside a 32-bit integer compares as numeric: bound untyped, PostgreSQL would read
    // it as the column's type (integer) and fail.
    const cast =
      type === 'date'
        ? sql`::timestamptz`
        : type === 'number' && !isInt32(value as number)
          ? sql`::numeric`
          : sql``;
    condition = sql`${expression} ${COMPARATORS[term.operator]} ${value}${cast}`;
  }
  // A missing value never equals anything, so its negation matches.
  return term.negated ? sql`not coalesce(${condition}, false)` : condition;
}

const orAll = (conditions: SQL[]) => sql`(${sql.join(conditions, sql` or `)})`;
const andAll = (conditions: SQL[]) => sql`(${sql.join(conditions, sql` and `)})`;

export interface ListSql {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

/** Translates list options into SQL over a resource's columns; throws InvalidRequest for bad input. */
export function buildListSql(definition: ListDefinition, options: ListOptions): ListSql {
  const conditions: SQL[] = [];
  for (const { field, value } of options.filters) {
    let terms: FilterTerm[];
    try {
      terms = parseFilterValue(value);
    } catch (error) {
      if (error instanceof FilterSyntaxError) throw invalidRequest(error.message, { Field: field });
      throw error;
    }
    conditions.push(combineTerms(terms, (term) => termCondition(definition, field, term), orAll, andAll));
  }
  if (options.search) {
    const searchOn = options.searchOn ?? definition.searchOn;
    const pattern = `%${options.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const matches = searchOn.map(
      (field) => sql`(${resolveField(definition, field).expression})::text ilike ${pattern}`,
    );
    if (matches.length > 0) conditions.push(orAll(matches));
  }
  const sortFields = options.sortBy.length > 0 ? options.sortBy : definition.defaultSort;
  const orderBy = sortFields.map((entry) => {
    const descending = entry.startsWith('!');
    const { expression } = resolveField(definition, descending ? entry.slice(1) : entry);
    return descending ? sql`${expression} desc nulls last` : sql`${expression} asc nulls last`;
  });
  orderBy.push(sql`${resolveField(definition, 'ID').expression} asc`);
  return {
    where: conditions.length > 0 ? andAll(conditions) : undefined,
    orderBy,
    limit: options.pageSize,
    offset: (options.page - 1) * options.pageSize,
  };
}

export interface ListMeta {
  Page: number;
  PageSize: number;
  TotalCount: number;
  TotalPages: number;
  ItemRange: [number, number];
  Facets?: unknown[];
}

export interface ListPage<T> {
  Meta: ListMeta;
  Items: T[];
}

export function listMeta(
  options: Pick<ListOptions, 'page' | 'pageSize'>,
  totalCount: number,
  itemCount: number,
) {
  const first = itemCount === 0 ? 0 : (options.page - 1) * options.pageSize + 1;
  return {
    Page: options.page,
    PageSize: options.pageSize,
    TotalCount: totalCount,
    TotalPages: Math.ceil(totalCount / options.pageSize),
    ItemRange: [first, itemCount === 0 ? 0 : first + itemCount - 1] as [number, number],
  } satisfies ListMeta;
}
