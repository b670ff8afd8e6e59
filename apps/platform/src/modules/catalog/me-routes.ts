import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { parseListQuery } from '../../shared/list/list-query.ts';
import { ListQuery, PageQuery } from '../../shared/validation.ts';
import { contextOf, requireRoles } from '../auth/guard.ts';
import type { BuyerCatalogView } from './buyer-view.ts';

const paging = (query: { page?: string | undefined; pageSize?: string | undefined }) =>
  parseListQuery({ page: query.page, pageSize: query.pageSize });

/** The buyer's view of the catalogue: what the caller's company and groups are assigned. */
export function meCatalogRoutes(app: ServiceApp, view: BuyerCatalogView): void {
  const shopper = requireRoles('Shopper');
  const MeProductQuery = ListQuery;
  app.get(
    '/v1/me/products',
    { ...shopper, schema: { tags: ['me'], querystring: MeProductQuery } },
    (request) => {
      const query = request.query as Record<string, string | undefined>;
      return view.listMyProducts(
        contextOf(request),
        parseListQuery(request.query, ['catalogID', 'categoryID']),
        {
          catalogId: query.catalogID,
          categoryId: query.categoryID,
        },
      );
    },
  );
  app.get(
    '/v1/me/products/:productID',
    { ...shopper, schema: { tags: ['me'], params: z.object({ productID: z.string() }) } },
    (request) => view.getMyProduct(contextOf(request), request.params.productID),
  );
  const CatalogQuery = z.object({ catalogID: z.string().optional() });
  app.get(
    '/v1/me/products/:productID/specs',
    {
      ...shopper,
      schema: {
        tags: ['me'],
        params: z.object({ productID: z.string() }),
        querystring: CatalogQuery.extend(PageQuery),
      },
    },
    (request) =>
      view.listMyProductSpecs(
        contextOf(request),
        request.params.productID,
        paging(request.query),
        request.query.catalogID,
      ),
  );
  app.get(
    '/v1/me/products/:productID/specs/:specID',
    {
      ...shopper,
      schema: {
        tags: ['me'],
        params: z.object({ productID: z.string(), specID: z.string() }),
        querystring: CatalogQuery,
      },
    },
    (request) =>
      view.getMyProductSpec(
        contextOf(request),
        request.params.productID,
        request.params.specID,
        request.query.catalogID,
      ),
  );
  app.get(
    '/v1/me/catalogs',
    { ...shopper, schema: { tags: ['me'], querystring: z.object(PageQuery) } },
    (request) => view.listMyCatalogs(contextOf(request), paging(request.query)),
  );
  app.get(
    '/v1/me/catalogs/:catalogID',
    { ...shopper, schema: { tags: ['me'], params: z.object({ catalogID: z.string() }) } },
    (request) => view.getMyCatalog(contextOf(request), request.params.catalogID),
  );
  app.get(
    '/v1/me/categories/:categoryID',
    {
      ...shopper,
      schema: { tags: ['me'], params: z.object({ categoryID: z.string() }), querystring: CatalogQuery },
    },
    (request) => view.getMyCategory(contextOf(request), request.params.categoryID, request.query.catalogID),
  );
  app.get(
    '/v1/me/categories',
    { ...shopper, schema: { tags: ['me'], querystring: ListQuery } },
    (request) => {
      const query = request.query as Record<string, string | undefined>;
      return view.listMyCategories(
        contextOf(request),
        parseListQuery(request.query, ['catalogID']),
        query.catalogID,
      );
    },
  );
}
