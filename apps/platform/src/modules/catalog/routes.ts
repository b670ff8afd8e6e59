import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { crudRoutes } from '../../shared/crud.ts';
import { parseListQuery } from '../../shared/list/list-query.ts';
import { ListQuery } from '../../shared/validation.ts';
import { contextOf, requireRoles } from '../auth/guard.ts';
import type { FieldOwnership } from '../auth/ownership.ts';
import { assignmentRoutes } from './assignments/routes.ts';
import { meCatalogRoutes } from './me-routes.ts';
import type { CatalogService } from './service.ts';

export function catalogRoutes(app: ServiceApp, catalog: CatalogService, ownership: FieldOwnership): void {
  const productRead = ['ProductAdmin', 'ProductReader'];
  const productWrite = ['ProductAdmin'];

  // Assignment routes first: their static segments must not be taken for IDs.
  const { assignments } = catalog;
  assignmentRoutes(app, assignments.catalog);
  assignmentRoutes(app, assignments.productCatalog);
  assignmentRoutes(app, assignments.categoryProduct);
  assignmentRoutes(app, assignments.category);
  app.get(
    '/v1/products/:productID/specs',
    {
      ...requireRoles(...productRead),
      schema: { tags: ['products'], params: z.object({ productID: z.string() }), querystring: ListQuery },
    },
    (request) =>
      catalog.listProductSpecs(contextOf(request), request.params.productID, parseListQuery(request.query)),
  );
  assignmentRoutes(app, assignments.product);
  assignmentRoutes(app, assignments.specProduct);

  crudRoutes(app, catalog.catalogs, {
    path: '/v1/catalogs',
    idParam: 'catalogID',
    readRoles: ['CatalogAdmin', 'CatalogReader'],
    writeRoles: ['CatalogAdmin'],
    tags: ['catalogs'],
  });
  crudRoutes(app, catalog.categories, {
    path: '/v1/catalogs/:catalogID/categories',
    idParam: 'categoryID',
    parentParam: 'catalogID',
    readRoles: ['CategoryAdmin', 'CategoryReader'],
    writeRoles: ['CategoryAdmin'],
    tags: ['catalogs'],
    guard: async (_context, catalogId) => {
      await catalog.catalogs.get(catalogId as string);
    },
  });
  crudRoutes(app, catalog.products, {
    path: '/v1/products',
    idParam: 'productID',
    readRoles: productRead,
    writeRoles: productWrite,
    tags: ['products'],
    // The ERP's lifecycle, successor, lead time and stock: only the integration changes them.
    bodyToStore: (context, id, stored, body) => ownership.productToStore(context, id, stored, body),
  });
  crudRoutes(app, catalog.specs, {
    path: '/v1/specs',
    idParam: 'specID',
    readRoles: productRead,
    writeRoles: productWrite,
    tags: ['specs'],
  });
  crudRoutes(app, catalog.specOptions, {
    path: '/v1/specs/:specID/options',
    idParam: 'optionID',
    parentParam: 'specID',
    readRoles: productRead,
    writeRoles: productWrite,
    tags: ['specs'],
    guard: async (_context, specId) => {
      await catalog.specs.get(specId as string);
    },
  });
  crudRoutes(app, catalog.facets, {
    path: '/v1/productfacets',
    idParam: 'productFacetID',
    readRoles: ['ProductFacetAdmin', 'ProductFacetReader'],
    writeRoles: ['ProductFacetAdmin'],
    tags: ['products'],
  });

  meCatalogRoutes(app, catalog.view);
}
