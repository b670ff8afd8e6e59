import { type BuyerProduct, type Category, Me, type MetaWithFacets } from 'ordercloud-javascript-sdk';
import { cache } from 'react';
import { type CatalogQuery, escapeFilterValue, platformFilters } from '../components/shop/catalog-query';
import type { ConfigurableItem } from '../components/shop/configurator-logic';
import { asBuyer, hasPlatformStatus } from './sdk';

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
 * - `familySalesItems(token, familyId)` reads every sales item of a family (for the configurator),
 *   memoized per request.
 */

export type NumericFacet = { label: string; value: number; unit: string };
export type FacetValue = string | NumericFacet;

export interface SalesItemXp {
  readonly Kind: 'SalesItem';
  readonly SalesItemNumber: string;
  readonly ProductState?: 'Active' | 'Discontinued' | 'ComingSoon' | 'Blocked' | string;
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

export async function searchSalesItems(token: string, query: CatalogQuery, pageSize = CATALOG_PAGE_SIZE) {
  const result = await Me.ListProducts<SalesItemProduct>(
    {
      ...(query.search ? { search: query.search } : {}),
      page: query.page,
      pageSize,
      filters: { 'xp.Kind': 'SalesItem', ...platformFilters(query) },
    },
    asBuyer(token),
  );
  return { items: result.Items, meta: result.Meta as MetaWithFacets };
}

/** The product families of the buyer's catalogue, in catalogue order. */
export const listFamilies = cache(async (token: string): Promise<FamilyCategory[]> => {
  const result = await Me.ListCategories<FamilyCategory>(
    { depth: 'all', pageSize: 100, filters: { 'xp.Kind': 'ProductFamily' } },
    asBuyer(token),
  );
  return result.Items;
});

export async function getFamily(token: string, familyId: string): Promise<FamilyCategory | undefined> {
  return (await listFamilies(token)).find((family) => family.ID === familyId);
}

/** List-price ranges of each family in the currency (from the commercial variants), by family ID. */
export const familyListPriceRanges = cache(
  async (token: string, currency: string): Promise<Map<string, { min: number; max: number }>> => {
    const result = await Me.ListProducts<BuyerProduct<VariantXp>>(
      { pageSize: 100, filters: { 'xp.Kind': 'CommercialVariant' } },
      asBuyer(token),
    );
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
  async (token: string, familyId: string): Promise<SalesItemProduct[]> => {
    // No family has a longer ID; the platform would refuse the filter (and fail the page).
    if (familyId.length > 100) return [];
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
  },
);

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
    ...(product.Name ? { name: product.Name } : {}),
    facets,
    active: isActiveItem(product),
  };
}
