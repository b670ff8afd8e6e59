import { type BuyerProduct, type Category, Me, type MetaWithFacets } from 'ordercloud-javascript-sdk';
import { cache } from 'react';
import {
  type CatalogQuery,
  escapeFilterValue,
  PLATFORM_SORT,
  platformFilters,
} from '../components/shop/catalog-query';
import type { ConfigurableItem } from '../components/shop/configurator-logic';
import { scheduleUnitPrice } from './prices';
import { asBuyer, hasPlatformStatus } from './sdk';
import { forCatalogueListing, forCatalogueView } from './visibility';

/*
 * The buyer's catalogue on the platform (`/me/products`, `/me/categories`), always with the buyer's
 * token, so each buyer sees only what is visible and priced for their company.
 *
 * - Sales items are products with `xp.Kind = SalesItem` and their configuration in `xp.Facets`
 *   (numeric facets as `{label, value, unit}`); product families are categories with
 *   `xp.Kind = ProductFamily`; commercial variants are display products (`xp.Kind = CommercialVariant`)
 *   with list-price ranges per currency.
 * - `searchSalesItems(token, query)` runs a catalogue URL query (see catalog-query.ts) and returns the
 *   page with `Meta.Facets` counts.
 * - `familySalesItems(token, familyId, viewKey?)` reads every sales item of a family (for the
 *   configurator), memoized per request. With a `viewKey` (visibility.ts: `catalogueViewKey`), the
 *   families and a family's items are also shared for a few seconds by the users who see the same
 *   catalogue, so the configurator's choices do not read the family's hundreds of items again each time.
 */

export type NumericFacet = { label: string; value: number; unit: string };
export type FacetValue = string | NumericFacet;

export interface SalesItemXp {
  readonly Kind: 'SalesItem';
  readonly SalesItemNumber: string;
  readonly ProductState?: 'Active' | 'Discontinued' | 'ComingSoon' | 'Blocked' | string;
  /** The ERP's state per sales company, successor and lead time (written by the integration). */
  readonly SalesCompanyProductStates?: Readonly<Record<string, string>>;
  readonly SuccessorSalesItemNumber?: string | null;
  readonly LeadTimeDays?: number;
  readonly FamilyID: string;
  readonly ImageUrl?: string;
  readonly CommercialVariantID?: string;
  readonly ProductFamilyGroup?: string;
  readonly ConfigurationCode?: string;
  readonly Facets: Readonly<Record<string, FacetValue>>;
}

export type SalesItemProduct = BuyerProduct<SalesItemXp>;

export interface FamilyXp {
  readonly Kind: 'ProductFamily';
  readonly FamilyID: string;
  readonly ImageUrl?: string;
  readonly ShortName?: string;
  readonly FamilyKind?: string;
  readonly Configurable?: boolean;
  readonly SalesItemCount?: number;
  readonly ProductFamilyGroup?: string;
  readonly CommercialVariants?: readonly string[];
}

export type FamilyCategory = Category<FamilyXp>;

export interface VariantXp {
  readonly Kind: 'CommercialVariant';
  readonly FamilyID: string;
  readonly PriceRanges?: readonly { Currency: string; Min: number; Max: number }[];
  readonly ConfigurationInternalNames?: readonly string[];
}

export const CATALOG_PAGE_SIZE = 24;

/** The display text of a facet value. */
export function facetLabel(value: FacetValue | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : value.label;
}

export function isActiveItem(product: SalesItemProduct): boolean {
  return product.Active !== false && (product.xp?.ProductState ?? 'Active') === 'Active';
}

/** Price order is only offered up to this many results: the platform cannot sort by price. */
export const PRICE_SORT_LIMIT = 500;

/**
 * One page of the query's sales items with `Meta.Facets` counts. Name and stroke order are the
 * platform's `sortBy`; price order (list unit price, the price schedule the platform sends) sorts
 * every result here, so only up to PRICE_SORT_LIMIT results (`priceSorted` false beyond).
 */
export async function searchSalesItems(token: string, query: CatalogQuery, pageSize = CATALOG_PAGE_SIZE) {
  const list = (page: number, size: number, sortBy?: string) =>
    Me.ListProducts<SalesItemProduct>(
      {
        ...(query.search ? { search: query.search } : {}),
        ...(sortBy ? { sortBy: [sortBy] } : {}),
        page,
        pageSize: size,
        filters: { 'xp.Kind': 'SalesItem', ...platformFilters(query) } as Record<string, string>,
      },
      asBuyer(token),
    );
  if (query.sort === 'price') {
    const first = await list(1, 100);
    const total = first.Meta?.TotalCount ?? 0;
    if (total <= PRICE_SORT_LIMIT) {
      const rest = await Promise.all(
        Array.from({ length: Math.max(0, (first.Meta?.TotalPages ?? 1) - 1) }, (_, i) => list(i + 2, 100)),
      );
      const all = [first, ...rest].flatMap((result) => result.Items);
      const price = (item: SalesItemProduct) =>
        scheduleUnitPrice(item.PriceSchedule, 1) ?? Number.POSITIVE_INFINITY;
      all.sort((a, b) => price(a) - price(b));
      const start = (query.page - 1) * pageSize;
      const meta: MetaWithFacets = {
        ...(first.Meta as MetaWithFacets),
        Page: query.page,
        PageSize: pageSize,
        TotalPages: Math.max(1, Math.ceil(total / pageSize)),
        ItemRange: [start + 1, Math.min(start + pageSize, total)],
      };
      return { items: all.slice(start, start + pageSize), meta, priceSorted: true };
    }
  }
  const sortBy = query.sort && query.sort !== 'price' ? PLATFORM_SORT[query.sort] : undefined;
  const result = await list(query.page, pageSize, sortBy);
  return { items: result.Items, meta: result.Meta as MetaWithFacets, priceSorted: false };
}

/**
 * The counts of each chosen facet as if it were not chosen (its other values stay offered, so a
 * buyer can add "12 V" to "24 V"): one count-only list per chosen facet, by XpPath.
 */
export async function countsWithoutOwnFilter(
  token: string,
  query: CatalogQuery,
): Promise<Map<string, MetaWithFacets['Facets']>> {
  const paths = [...new Set([...Object.keys(query.filters), ...Object.keys(query.ranges ?? {})])];
  const answers = await Promise.all(
    paths.map(async (path) => {
      const { [path]: _own, ...filters } = query.filters;
      const { [path]: _range, ...ranges } = query.ranges ?? {};
      const others: CatalogQuery = { ...query, filters, ranges };
      const result = await Me.ListProducts<SalesItemProduct>(
        {
          ...(query.search ? { search: query.search } : {}),
          pageSize: 1,
          filters: { 'xp.Kind': 'SalesItem', ...platformFilters(others) } as Record<string, string>,
        },
        asBuyer(token),
      );
      return [path, (result.Meta as MetaWithFacets | undefined)?.Facets] as const;
    }),
  );
  return new Map(answers);
}

/**
 * What the catalogue page reads for a query (the page of items, the orderable items per family, the counts
 * of each chosen facet without its own filter), shared by the users of one catalogue view (visibility.ts)
 * for a few seconds: every input of the three requests is in the key.
 */
export function catalogueListing(token: string, query: CatalogQuery, viewKey: string) {
  const key = JSON.stringify([
    query.search ?? '',
    query.sort ?? '',
    query.page,
    query.filters,
    query.ranges ?? {},
  ]);
  return forCatalogueListing(viewKey, key, async () => {
    const [page, familyCounts, ownCounts] = await Promise.all([
      searchSalesItems(token, query),
      activeCountsByFamily(token, query),
      countsWithoutOwnFilter(token, query),
    ]);
    return { ...page, familyCounts, ownCounts };
  });
}

/** How many orderable (active) sales items each family has among the query's results, by family ID. */
export async function activeCountsByFamily(token: string, query: CatalogQuery): Promise<Map<string, number>> {
  const result = await Me.ListProducts<SalesItemProduct>(
    {
      ...(query.search ? { search: query.search } : {}),
      pageSize: 1,
      filters: { 'xp.Kind': 'SalesItem', ...platformFilters(query), 'xp.ProductState': 'Active' } as Record<
        string,
        string
      >,
    },
    asBuyer(token),
  );
  const facet = (result.Meta as MetaWithFacets | undefined)?.Facets?.find((f) => f.XpPath === 'FamilyID');
  return new Map((facet?.Values ?? []).map((v) => [v.Value ?? '', v.Count ?? 0]));
}

/** The product families of the buyer's catalogue, in catalogue order. */
export const listFamilies = cache(async (token: string, viewKey?: string): Promise<FamilyCategory[]> => {
  const load = async () => {
    const result = await Me.ListCategories<FamilyCategory>(
      { depth: 'all', pageSize: 100, filters: { 'xp.Kind': 'ProductFamily' } },
      asBuyer(token),
    );
    return result.Items;
  };
  return viewKey ? forCatalogueView(viewKey, 'families', load) : load();
});

export async function getFamily(
  token: string,
  familyId: string,
  viewKey?: string,
): Promise<FamilyCategory | undefined> {
  return (await listFamilies(token, viewKey)).find((family) => family.ID === familyId);
}

/** List-price ranges of each family in the currency (from the commercial variants), by family ID. */
export const familyListPriceRanges = cache(
  async (
    token: string,
    currency: string,
    viewKey?: string,
  ): Promise<Map<string, { min: number; max: number }>> => {
    const load = () =>
      Me.ListProducts<BuyerProduct<VariantXp>>(
        { pageSize: 100, filters: { 'xp.Kind': 'CommercialVariant' } },
        asBuyer(token),
      );
    const result = await (viewKey ? forCatalogueView(viewKey, 'variants', load) : load());
    const ranges = new Map<string, { min: number; max: number }>();
    for (const variant of result.Items) {
      const range = variant.xp?.PriceRanges?.find((r) => r.Currency === currency);
      const family = variant.xp?.FamilyID;
      if (!range || !family) continue;
      const current = ranges.get(family);
      ranges.set(family, {
        min: Math.min(current?.min ?? Number.POSITIVE_INFINITY, range.Min),
        max: Math.max(current?.max ?? 0, range.Max),
      });
    }
    return ranges;
  },
);

/** Every sales item of a family visible to the buyer (all pages). */
export const familySalesItems = cache(
  async (token: string, familyId: string, viewKey?: string): Promise<SalesItemProduct[]> => {
    // No family has a longer ID; the platform would refuse the filter (and fail the page).
    if (familyId.length > 100) return [];
    if (viewKey) {
      return forCatalogueView(viewKey, `family:${familyId}`, () => readFamilySalesItems(token, familyId));
    }
    return readFamilySalesItems(token, familyId);
  },
);

async function readFamilySalesItems(token: string, familyId: string): Promise<SalesItemProduct[]> {
  const options = asBuyer(token);
  const list = (page: number) =>
    Me.ListProducts<SalesItemProduct>(
      {
        page,
        pageSize: 100,
        filters: { 'xp.Kind': 'SalesItem', 'xp.FamilyID': escapeFilterValue(familyId) },
      },
      options,
    );
  const first = await list(1);
  const pages = first.Meta?.TotalPages ?? 1;
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => list(i + 2)));
  return [first, ...rest].flatMap((result) => result.Items);
}

/** A product visible to the buyer, or undefined. */
export async function getSalesItem(token: string, productId: string): Promise<SalesItemProduct | undefined> {
  try {
    return await Me.GetProduct<SalesItemProduct>(productId, {}, asBuyer(token));
  } catch (error) {
    if (hasPlatformStatus(error, 404, 403)) return undefined;
    throw error;
  }
}

/** A sales item as the configurator sees it: its configuration facets as display values. */
export function toConfigurable(product: SalesItemProduct, facetKeys: readonly string[]): ConfigurableItem {
  const facets: Record<string, string> = {};
  for (const key of facetKeys) {
    const label = facetLabel(product.xp?.Facets?.[key]);
    if (label) facets[key] = label;
  }
  return {
    salesItemNumber: product.xp?.SalesItemNumber ?? product.ID ?? '',
    facets,
    active: isActiveItem(product),
  };
}
