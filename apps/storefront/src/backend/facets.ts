import { Me } from 'ordercloud-javascript-sdk';
import { cache } from 'react';
import { type FacetInfo, facetInfo } from '../components/shop/facets';
import { asBuyer } from './sdk';

/** The catalogue's facet definitions (from one `/me/products` answer's Meta.Facets), memoized per request. */
export const facetDefinitions = cache(async (token: string): Promise<FacetInfo[]> => {
  const result = await Me.ListProducts({ pageSize: 1, filters: { 'xp.Kind': 'SalesItem' } }, asBuyer(token));
  return (result.Meta?.Facets ?? []).map(facetInfo).filter((f): f is FacetInfo => f !== undefined);
});
