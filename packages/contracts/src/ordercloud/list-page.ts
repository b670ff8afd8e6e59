/** OrderCloud list responses: `{Meta, Items}`. */
import { z } from 'zod';
import { AnyXp, Count } from './common.ts';

export const ListFacetValue = z.object({
  Value: z.string(),
  Count: Count,
});
export type ListFacetValue = z.infer<typeof ListFacetValue>;

/** Facet of a premium product search, for faceted navigation. */
export const ListFacet = z.object({
  Name: z.string(),
  /** Path of the facet within product xp, in dot notation. */
  XpPath: z.string(),
  Values: z.array(ListFacetValue),
  xp: AnyXp.nullish(),
});
export type ListFacet = z.infer<typeof ListFacet>;

export const ListPageMeta = z.object({
  /** 1-based. */
  Page: z.int().min(1),
  PageSize: z.int().min(1),
  TotalCount: Count,
  TotalPages: Count,
  /** First and last item number (1-based) of this page. */
  ItemRange: z.tuple([Count, Count]),
  /** Only for product search; null elsewhere. */
  Facets: z.array(ListFacet).nullish(),
});
export type ListPageMeta = z.infer<typeof ListPageMeta>;

/** Schema of one page of a list of `item`s, e.g. `listPage(Order)`. */
export function listPage<Item extends z.ZodType>(item: Item) {
  return z.object({ Meta: ListPageMeta, Items: z.array(item) });
}

export interface ListPage<T> {
  Meta: ListPageMeta;
  Items: T[];
}
