import { Me } from 'ordercloud-javascript-sdk';
import { cache } from 'react';
import { type FacetInfo, facetInfo } from '../components/shop/facets';
import { asBuyer } from './sdk';
import { forCatalogueView } from './visibility';

/**
 * The catalogue's facet definitions (from one `/me/products` answer's Meta.Facets), memoized per
 * request; with a `viewKey` also shared for a few seconds by the users who see the same catalogue.
 */
export const facetDefinitions = cache(async (token: string, viewKey?: string): Promise<FacetInfo[]> => {
  const load = async () => {
    const result = await Me.ListProducts(
      { pageSize: 1, filters: { 'xp.Kind': 'SalesItem' } },
      asBuyer(token),
    );
    return (result.Meta?.Facets ?? []).map(facetInfo).filter((f): f is FacetInfo => f !== undefined);
  };
  return viewKey ? forCatalogueView(viewKey, 'facets', load) : load();
});
