import { Bitset } from '../../shared/bitset.ts';
import { invalidRequest } from '../../shared/errors.ts';
import {
  combineTerms,
  FilterSyntaxError,
  type FilterTerm,
  parseFilterValue,
  termMatcher,
} from '../../shared/list/filter-parser.ts';
import type { IndexedProductRow } from './repository.ts';

/** Extension paths indexed besides the facets, because the storefront filters on them. */
export const ALWAYS_INDEXED_PATHS = ['Kind', 'ProductFamilyGroup', 'SalesItemNumber', 'ProductState'];

export interface FacetDefinition {
  id: string;
  name: string;
  xpPath: string;
  minCount: number;
  xp: Record<string, unknown>;
}

interface IndexedPath {
  byPosition: (string | null)[];
  /** Each distinct value with the products holding it. */
  dictionary: Map<string, Bitset>;
}

export interface IndexQuery {
  /** Products the caller may see (catalog membership is the index itself). */
  visible: Bitset;
  categoryId?: string | undefined;
  search?: string | undefined;
  searchOn?: string[] | undefined;
  filters: { field: string; value: string }[];
  sortBy: string[];
  page: number;
  pageSize: number;
}

export interface IndexResult {
  ids: string[];
  totalCount: number;
  facets: {
    Name: string;
    XpPath: string;
    Values: { Value: string; Count: number }[];
    xp: Record<string, unknown>;
  }[];
}

/** Answers the filters the index cannot (fields outside it): the IDs of the matching products. */
export type FallbackFilter = (field: string, value: string) => Promise<Set<string>>;

const SEARCHABLE = ['ID', 'Name', 'Description'] as const;
/** Answers kept per party visibility (each a bitset of the catalog and its facet counts). */
const MAX_KEPT_ANSWERS = 256;

interface Answer {
  result: Bitset;
  totalCount: number;
  facets: IndexResult['facets'];
}

/**
 * The in-memory index of one catalog's active products, for `/me/products`: positions in Name order,
 * a dictionary of bitsets per indexed xp path (facets and a few common fields), and category
 * membership. Filtering is bitset algebra, facet counts are intersections' popcounts.
 */
export class CatalogIndex {
  readonly size: number;
  private readonly ids: string[];
  private readonly positionById = new Map<string, number>();
  private readonly lowerText: Record<(typeof SEARCHABLE)[number], string[]>;
  readonly defaultSchedules: (string | null)[];
  /** Products with a default price schedule: visible to every buyer of the catalog. */
  readonly withDefaultSchedule: Bitset;
  private readonly paths = new Map<string, IndexedPath>();
  private readonly categories = new Map<string, Bitset>();
  /** Per-party visibility and price schedules, computed once per index generation. */
  readonly partyCache = new Map<string, { visible: Bitset; schedules: Map<number, string> }>();
  /**
   * Answers (matching products, facet counts) per party visibility and filter set: an index is one
   * catalog generation, so they hold as long as it does, and a party's repeated filter set (paging,
   * sorting, the same facet chosen again) costs no bitset algebra and no facet count.
   */
  private readonly answers = new WeakMap<Bitset, Map<string, Answer>>();

  constructor(
    rows: IndexedProductRow[],
    pathKeys: string[],
    categoryRows: { categoryId: string; productId: string }[],
    readonly facets: FacetDefinition[],
  ) {
    this.size = rows.length;
    this.ids = rows.map((row) => row.id);
    for (const [position, id] of this.ids.entries()) this.positionById.set(id, position);
    this.lowerText = {
      ID: rows.map((row) => row.id.toLowerCase()),
      Name: rows.map((row) => row.name.toLowerCase()),
      Description: rows.map((row) => (row.description ?? '').toLowerCase()),
    };
    this.defaultSchedules = rows.map((row) => row.default_price_schedule_id);
    this.withDefaultSchedule = new Bitset(this.size);
    this.defaultSchedules.forEach((schedule, position) => {
      if (schedule) this.withDefaultSchedule.add(position);
    });
    pathKeys.forEach((key, column) => {
      const byPosition = rows.map((row) => row.values[column] ?? null);
      const dictionary = new Map<string, Bitset>();
      byPosition.forEach((value, position) => {
        if (value === null) return;
        bitsetFor(dictionary, value, this.size).add(position);
      });
      this.paths.set(key, { byPosition, dictionary });
    });
    for (const { categoryId, productId } of categoryRows) {
      const position = this.positionById.get(productId);
      if (position === undefined) continue;
      bitsetFor(this.categories, categoryId, this.size).add(position);
    }
  }

  /** The indexed products assigned to a category, if any. */
  membersOf(categoryId: string): Bitset | undefined {
    return this.categories.get(categoryId);
  }

  positionOf(id: string): number | undefined {
    return this.positionById.get(id);
  }

  idAt(position: number): string {
    return this.ids[position] as string;
  }

  async query(query: IndexQuery, fallback: FallbackFilter): Promise<IndexResult> {
    const key = this.answerKey(query);
    const kept = key === undefined ? undefined : this.answers.get(query.visible)?.get(key);
    const answer = kept ?? (await this.answer(query, fallback));
    if (!kept && key !== undefined) this.keep(query.visible, key, answer);
    const skip = (query.page - 1) * query.pageSize;
    const positions = this.sortedPositions(answer.result, query.sortBy, skip, query.pageSize);
    return {
      ids: positions.map((position) => this.idAt(position)),
      totalCount: answer.totalCount,
      facets: answer.facets,
    };
  }

  /** The products matching the query's scope, filters and search, and their facet counts. */
  private async answer(query: IndexQuery, fallback: FallbackFilter): Promise<Answer> {
    let result = query.visible;
    if (query.categoryId) result = result.and(this.categories.get(query.categoryId) ?? new Bitset(this.size));
    for (const { field, value } of query.filters)
      result = result.and(await this.filterSet(field, value, fallback));
    // Search last, over the candidates the filters left, not the whole catalog.
    if (query.search) result = this.searchWithin(result, query.search, query.searchOn);
    return { result, totalCount: result.count(), facets: this.facetCounts(result) };
  }

  /**
   * What identifies an answer besides the party's visibility: scope, search and the filters (AND-ed, so
   * in any order). None when a filter is answered outside the index (from the database, which may
   * change without a new index).
   */
  private answerKey(query: IndexQuery): string | undefined {
    if (!query.filters.every(({ field }) => this.isIndexed(field))) return undefined;
    const filters = query.filters.map(({ field, value }) => `${field}\u0000${value}`).sort();
    return JSON.stringify([query.categoryId ?? null, query.search ?? null, query.searchOn ?? null, filters]);
  }

  private isIndexed(field: string): boolean {
    if (/^xp\./i.test(field) && this.paths.has(field.slice(3))) return true;
    return SEARCHABLE.some((name) => name.toLowerCase() === field.toLowerCase());
  }

  private keep(visible: Bitset, key: string, answer: Answer): void {
    let kept = this.answers.get(visible);
    if (!kept) {
      kept = new Map();
      this.answers.set(visible, kept);
    }
    // The oldest goes first once a party has asked MAX_KEPT_ANSWERS different things.
    if (kept.size >= MAX_KEPT_ANSWERS) kept.delete(kept.keys().next().value as string);
    kept.set(key, answer);
  }

  private async filterSet(field: string, value: string, fallback: FallbackFilter): Promise<Bitset> {
    let terms: FilterTerm[];
    try {
      terms = parseFilterValue(value);
    } catch (error) {
      if (error instanceof FilterSyntaxError) throw invalidRequest(error.message, { Field: field });
      throw error;
    }
    const xpKey = /^xp\./i.test(field) ? field.slice(3) : undefined;
    const indexed = xpKey === undefined ? undefined : this.paths.get(xpKey);
    if (indexed) {
      // Evaluate each distinct value once, then OR/AND their bitsets.
      const matching = (term: FilterTerm) => {
        let set = new Bitset(this.size);
        const matches = termMatcher({ ...term, negated: false });
        for (const [candidate, holders] of indexed.dictionary) {
          if (matches(candidate)) set = set.or(holders);
        }
        return term.negated ? set.not() : set;
      };
      return combineTerms(
        terms,
        matching,
        (sets) => sets.reduce((a, b) => a.or(b)),
        (sets) => sets.reduce((a, b) => a.and(b)),
      );
    }
    const textField = SEARCHABLE.find((name) => name.toLowerCase() === field.toLowerCase());
    if (textField) {
      const texts =
        textField === 'Name' || textField === 'ID' ? this.rawTexts(textField) : this.lowerText[textField];
      const set = new Bitset(this.size);
      const matchers = new Map(terms.map((term) => [term, termMatcher(term)]));
      texts.forEach((text, position) => {
        const matched = combineTerms(
          terms,
          (term) => (matchers.get(term) as (value: string) => boolean)(text),
          (values) => values.some(Boolean),
          (values) => values.every(Boolean),
        );
        if (matched) set.add(position);
      });
      return set;
    }
    const ids = await fallback(field, value);
    const set = new Bitset(this.size);
    for (const id of ids) {
      const position = this.positionById.get(id);
      if (position !== undefined) set.add(position);
    }
    return set;
  }

  private rawTexts(field: 'ID' | 'Name'): string[] {
    // Matching is case-insensitive anyway; lower-case text is what we keep.
    return this.lowerText[field];
  }

  private searchWithin(candidates: Bitset, search: string, searchOn: string[] | undefined): Bitset {
    const fields = (searchOn ?? [...SEARCHABLE]).map((name) => {
      const known = SEARCHABLE.find((candidate) => candidate.toLowerCase() === name.toLowerCase());
      if (!known) throw invalidRequest(`Cannot search on ${name}.`, { Field: name });
      return known;
    });
    const needle = search.toLowerCase();
    const texts = fields.map((field) => this.lowerText[field]);
    const set = new Bitset(this.size);
    for (const position of candidates.positions()) {
      if (texts.some((text) => (text[position] as string).includes(needle))) set.add(position);
    }
    return set;
  }

  private sortedPositions(result: Bitset, sortBy: string[], skip: number, take: number): number[] {
    const [first, ...rest] = sortBy;
    if (!first || (first === 'Name' && rest.length === 0)) return result.positions(skip, take);
    const all = result.positions();
    const keys = sortBy.map((entry) => {
      const descending = entry.startsWith('!');
      const field = descending ? entry.slice(1) : entry;
      const values = this.sortValues(field);
      return { values, direction: descending ? -1 : 1 };
    });
    all.sort((a, b) => {
      for (const { values, direction } of keys) {
        const order = compareSortValues(values[a] ?? '', values[b] ?? '');
        if (order !== 0) return order * direction;
      }
      return a - b;
    });
    return all.slice(skip, skip + take);
  }

  private sortValues(field: string): (string | null)[] {
    if (field.toLowerCase() === 'name')
      return this.ids.map((_, position) => String(position).padStart(10, '0'));
    if (field.toLowerCase() === 'id') return this.ids;
    const path = /^xp\./i.test(field) ? this.paths.get(field.slice(3)) : undefined;
    if (!path) throw invalidRequest(`Cannot sort products by ${field}.`, { Field: field });
    return path.byPosition;
  }

  private facetCounts(result: Bitset): IndexResult['facets'] {
    return this.facets.map((facet) => {
      const path = this.paths.get(facet.xpPath);
      const values = path
        ? [...path.dictionary]
            .map(([value, holders]) => ({ Value: value, Count: holders.countAnd(result) }))
            .filter((value) => value.Count >= Math.max(facet.minCount, 1))
            .sort((a, b) => b.Count - a.Count || a.Value.localeCompare(b.Value))
        : [];
      return { Name: facet.name, XpPath: facet.xpPath, Values: values, xp: facet.xp };
    });
  }
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/** Numbers by value (as OrderCloud sorts numeric xp: 50 before 100), anything else as text. */
export function compareSortValues(left: string, right: string): number {
  if (left === right) return 0;
  if (NUMBER.test(left) && NUMBER.test(right)) return Number(left) - Number(right) || (left < right ? -1 : 1);
  return left < right ? -1 : 1;
}

/** The bitset stored under a key, created empty on first use. */
function bitsetFor(sets: Map<string, Bitset>, key: string, size: number): Bitset {
  let set = sets.get(key);
  if (!set) {
    set = new Bitset(size);
    sets.set(key, set);
  }
  return set;
}
