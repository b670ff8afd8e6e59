import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { crudRoutes } from '../../shared/crud.ts';
import { parseListQuery } from '../../shared/list/list-query.ts';
import { ListQuery, PageQuery } from '../../shared/validation.ts';
import { contextOf, requireRoles } from '../auth/guard.ts';
import {
  CatalogAssignment,
  CategoryAssignment,
  CategoryProductAssignment,
  ProductAssignment,
  ProductCatalogAssignment,
  SpecProductAssignment,
} from './models.ts';
import type { CatalogService } from './service.ts';

const paging = (query: { page?: string | undefined; pageSize?: string | undefined }) =>
  parseListQuery({ page: query.page, pageSize: query.pageSize });
/** Keeps only the filter values given, so optional query parameters never reach a repository as undefined. */
const given = <T extends Record<string, string | undefined>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: string;
  };

export function catalogRoutes(app: ServiceApp, catalog: CatalogService): void {
  const productRead = ['ProductAdmin', 'ProductReader'];
  const productWrite = ['ProductAdmin'];
  const assignProducts = requireRoles('ProductAssignmentAdmin', 'ProductAdmin');

  // Assignment routes first: their static segments must not be taken for IDs.
  const catalogRead = requireRoles('CatalogAdmin', 'CatalogReader');
  const catalogWrite = requireRoles('CatalogAdmin');
  app.get(
    '/v1/catalogs/assignments',
    {
      ...catalogRead,
      schema: {
        tags: ['catalogs'],
        querystring: z.object({
          catalogID: z.string().optional(),
          buyerID: z.string().optional(),
          ...PageQuery,
        }),
      },
    },
    (request) =>
      catalog.listCatalogAssignments(
        contextOf(request),
        given({ catalogId: request.query.catalogID, buyerId: request.query.buyerID }),
        paging(request.query),
      ),
  );
  app.post(
    '/v1/catalogs/assignments',
    { ...catalogWrite, schema: { tags: ['catalogs'], body: CatalogAssignment } },
    async (request, reply) => {
      await catalog.saveCatalogAssignment(contextOf(request), request.body);
      return reply.status(204).send();
    },
  );
  app.delete(
    '/v1/catalogs/:catalogID/assignments',
    {
      ...catalogWrite,
      schema: {
        tags: ['catalogs'],
        params: z.object({ catalogID: z.string() }),
        querystring: z.object({ buyerID: z.string() }),
      },
    },
    async (request, reply) => {
      await catalog.deleteCatalogAssignment(
        contextOf(request),
        request.params.catalogID,
        request.query.buyerID,
      );
      return reply.status(204).send();
    },
  );
  app.get(
    '/v1/catalogs/productassignments',
    {
      ...catalogRead,
      schema: {
        tags: ['catalogs'],
        querystring: z.object({
          catalogID: z.string().optional(),
          productID: z.string().optional(),
          ...PageQuery,
        }),
      },
    },
    (request) =>
      catalog.listProductCatalogAssignments(
        contextOf(request),
        given({ catalogId: request.query.catalogID, productId: request.query.productID }),
        paging(request.query),
      ),
  );
  app.post(
    '/v1/catalogs/productassignments',
    { ...catalogWrite, schema: { tags: ['catalogs'], body: ProductCatalogAssignment } },
    async (request, reply) => {
      await catalog.saveProductCatalogAssignment(contextOf(request), request.body);
      return reply.status(204).send();
    },
  );
  app.delete(
    '/v1/catalogs/:catalogID/productassignments/:productID',
    {
      ...catalogWrite,
      schema: { tags: ['catalogs'], params: z.object({ catalogID: z.string(), productID: z.string() }) },
    },
    async (request, reply) => {
      await catalog.deleteProductCatalogAssignment(
        contextOf(request),
        request.params.catalogID,
        request.params.productID,
      );
      return reply.status(204).send();
    },
  );
  const categoryRead = requireRoles('CategoryAdmin', 'CategoryReader');
  const categoryWrite = requireRoles('CategoryAdmin');
  app.get(
    '/v1/catalogs/:catalogID/categories/productassignments',
    {
      ...categoryRead,
      schema: {
        tags: ['catalogs'],
        params: z.object({ catalogID: z.string() }),
        querystring: z.object({
          categoryID: z.string().optional(),
          productID: z.string().optional(),
          ...PageQuery,
        }),
      },
    },
    (request) =>
      catalog.listCategoryProductAssignments(
        contextOf(request),
        request.params.catalogID,
        given({ categoryId: request.query.categoryID, productId: request.query.productID }),
        paging(request.query),
      ),
  );
  app.post(
    '/v1/catalogs/:catalogID/categories/productassignments',
    {
      ...categoryWrite,
      schema: {
        tags: ['catalogs'],
        params: z.object({ catalogID: z.string() }),
        body: CategoryProductAssignment,
      },
    },
    async (request, reply) => {
      await catalog.saveCategoryProductAssignment(contextOf(request), request.params.catalogID, request.body);
      return reply.status(204).send();
    },
  );
  app.delete(
    '/v1/catalogs/:catalogID/categories/:categoryID/productassignments/:productID',
    {
      ...categoryWrite,
      schema: {
        tags: ['catalogs'],
        params: z.object({ catalogID: z.string(), categoryID: z.string(), productID: z.string() }),
      },
    },
    async (request, reply) => {
      const { catalogID, categoryID, productID } = request.params;
      await catalog.deleteCategoryProductAssignment(contextOf(request), catalogID, categoryID, productID);
      return reply.status(204).send();
    },
  );
  app.get(
    '/v1/catalogs/:catalogID/categories/assignments',
    {
      ...categoryRead,
      schema: {
        tags: ['catalogs'],
        params: z.object({ catalogID: z.string() }),
        querystring: z.object({
          categoryID: z.string().optional(),
          buyerID: z.string().optional(),
          userGroupID: z.string().optional(),
          level: z.enum(['Group', 'Company']).optional(),
          ...PageQuery,
        }),
      },
    },
    (request) => {
      const { categoryID, buyerID, userGroupID, level } = request.query;
      return catalog.listCategoryAssignments(
        contextOf(request),
        request.params.catalogID,
        {
          ...given({ categoryId: categoryID, buyerId: buyerID, userGroupId: userGroupID }),
          ...(level ? { level } : {}),
        },
        paging(request.query),
      );
    },
  );
  app.post(
    '/v1/catalogs/:catalogID/categories/assignments',
    {
      ...categoryWrite,
      schema: { tags: ['catalogs'], params: z.object({ catalogID: z.string() }), body: CategoryAssignment },
    },
    async (request, reply) => {
      await catalog.saveCategoryAssignment(contextOf(request), request.params.catalogID, request.body);
      return reply.status(204).send();
    },
  );
  app.delete(
    '/v1/catalogs/:catalogID/categories/:categoryID/assignments',
    {
      ...categoryWrite,
      schema: {
        tags: ['catalogs'],
        params: z.object({ catalogID: z.string(), categoryID: z.string() }),
        querystring: z.object({
          buyerID: z.string().min(1),
          userGroupID: z.string().optional(),
          userID: z.string().optional(),
        }),
      },
    },
    async (request, reply) => {
      const { buyerID, userGroupID, userID } = request.query;
      await catalog.deleteCategoryAssignment(
        contextOf(request),
        request.params.catalogID,
        request.params.categoryID,
        { buyerId: buyerID, userGroupId: userGroupID, userId: userID },
      );
      return reply.status(204).send();
    },
  );
  app.get(
    '/v1/products/:productID/specs',
    {
      ...requireRoles(...productRead),
      schema: { tags: ['products'], params: z.object({ productID: z.string() }), querystring: ListQuery },
    },
    (request) =>
      catalog.listProductSpecs(contextOf(request), request.params.productID, parseListQuery(request.query)),
  );
  app.get(
    '/v1/products/assignments',
    {
      ...requireRoles(...productRead, 'ProductAssignmentAdmin'),
      schema: {
        tags: ['products'],
        querystring: z.object({
          productID: z.string().optional(),
          buyerID: z.string().optional(),
          priceScheduleID: z.string().optional(),
          ...PageQuery,
        }),
      },
    },
    (request) =>
      catalog.listProductAssignments(
        contextOf(request),
        given({
          productId: request.query.productID,
          buyerId: request.query.buyerID,
          priceScheduleId: request.query.priceScheduleID,
        }),
        paging(request.query),
      ),
  );
  app.post(
    '/v1/products/assignments',
    { ...assignProducts, schema: { tags: ['products'], body: ProductAssignment } },
    async (request, reply) => {
      await catalog.saveProductAssignment(contextOf(request), request.body);
      return reply.status(204).send();
    },
  );
  app.delete(
    '/v1/products/:productID/assignments/:buyerID',
    {
      ...assignProducts,
      schema: {
        tags: ['products'],
        params: z.object({ productID: z.string(), buyerID: z.string() }),
        querystring: z.object({ userGroupID: z.string().optional() }),
      },
    },
    async (request, reply) => {
      await catalog.deleteProductAssignment(
        contextOf(request),
        request.params.productID,
        request.params.buyerID,
        request.query.userGroupID,
      );
      return reply.status(204).send();
    },
  );
  app.get(
    '/v1/specs/productassignments',
    {
      ...requireRoles(...productRead),
      schema: {
        tags: ['specs'],
        querystring: z.object({
          specID: z.string().optional(),
          productID: z.string().optional(),
          ...PageQuery,
        }),
      },
    },
    (request) =>
      catalog.listSpecProductAssignments(
        contextOf(request),
        given({ specId: request.query.specID, productId: request.query.productID }),
        paging(request.query),
      ),
  );
  app.post(
    '/v1/specs/productassignments',
    { ...requireRoles(...productWrite), schema: { tags: ['specs'], body: SpecProductAssignment } },
    async (request, reply) => {
      await catalog.saveSpecProductAssignment(contextOf(request), request.body);
      return reply.status(204).send();
    },
  );
  app.delete(
    '/v1/specs/:specID/productassignments/:productID',
    {
      ...requireRoles(...productWrite),
      schema: { tags: ['specs'], params: z.object({ specID: z.string(), productID: z.string() }) },
    },
    async (request, reply) => {
      await catalog.deleteSpecProductAssignment(
        contextOf(request),
        request.params.specID,
        request.params.productID,
      );
      return reply.status(204).send();
    },
  );

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

  // The buyer's view
  const shopper = requireRoles('Shopper');
  const MeProductQuery = ListQuery;
  app.get(
    '/v1/me/products',
    { ...shopper, schema: { tags: ['me'], querystring: MeProductQuery } },
    (request) => {
      const query = request.query as Record<string, string | undefined>;
      return catalog.listMyProducts(
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
    (request) => catalog.getMyProduct(contextOf(request), request.params.productID),
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
      catalog.listMyProductSpecs(
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
      catalog.getMyProductSpec(
        contextOf(request),
        request.params.productID,
        request.params.specID,
        request.query.catalogID,
      ),
  );
  app.get(
    '/v1/me/catalogs',
    { ...shopper, schema: { tags: ['me'], querystring: z.object(PageQuery) } },
    (request) => catalog.listMyCatalogs(contextOf(request), paging(request.query)),
  );
  app.get(
    '/v1/me/catalogs/:catalogID',
    { ...shopper, schema: { tags: ['me'], params: z.object({ catalogID: z.string() }) } },
    (request) => catalog.getMyCatalog(contextOf(request), request.params.catalogID),
  );
  app.get(
    '/v1/me/categories/:categoryID',
    {
      ...shopper,
      schema: { tags: ['me'], params: z.object({ categoryID: z.string() }), querystring: CatalogQuery },
    },
    (request) =>
      catalog.getMyCategory(contextOf(request), request.params.categoryID, request.query.catalogID),
  );
  app.get(
    '/v1/me/categories',
    { ...shopper, schema: { tags: ['me'], querystring: ListQuery } },
    (request) => {
      const query = request.query as Record<string, string | undefined>;
      return catalog.listMyCategories(
        contextOf(request),
        parseListQuery(request.query, ['catalogID']),
        query.catalogID,
      );
    },
  );
}
