import { Product, Spec, SpecOption } from '@actuate/contracts';
import type { Database, Executor } from '@actuate/service-kit';
import { CrudStore } from '../../shared/crud.ts';
import {
  catalogValues,
  categoryValues,
  productFacetValues,
  productValues,
  specOptionValues,
  specValues,
  toCatalog,
  toCategory,
  toProduct,
  toProductFacet,
  toSpec,
  toSpecOption,
} from './entities.ts';
import { Catalog, Category, ProductFacet } from './models.ts';
import * as repository from './repository.ts';
import { catalogs, categories, productFacets, products, specOptions, specs } from './schema.ts';

type Row = Record<string, unknown>;
export type ProductEntity = ReturnType<typeof toProduct>;

/**
 * The admin resources of the catalogue as plain OrderCloud CRUD stores. Every write bumps the
 * `catalog` generation in its transaction: the product index and the buyer's cached views reflect it.
 */
export function catalogueStores(db: Database, bump: (tx: Executor) => Promise<void>) {
  return {
    catalogs: new CrudStore<Catalog, ReturnType<typeof toCatalog>>(db, {
      objectType: 'Catalog',
      table: catalogs,
      idColumn: catalogs.id,
      idKey: 'id',
      list: repository.catalogList,
      schema: Catalog,
      toEntity: (row) => toCatalog(row as typeof catalogs.$inferSelect),
      toValues: catalogValues,
      afterWrite: bump,
    }),
    categories: new CrudStore<Category, ReturnType<typeof toCategory>>(db, {
      objectType: 'Category',
      table: categories,
      idColumn: categories.id,
      idKey: 'id',
      parentColumn: categories.catalogId,
      parentKey: 'catalogId',
      list: repository.categoryList,
      schema: Category,
      toEntity: (row) => toCategory(row as typeof categories.$inferSelect),
      toValues: categoryValues,
      // Visibility inherits along ParentID and Active: every instance recomputes it.
      afterWrite: bump,
    }),
    products: new CrudStore<Product & Row, ProductEntity>(db, {
      objectType: 'Product',
      table: products,
      idColumn: products.id,
      idKey: 'id',
      list: repository.productList,
      schema: Product as never,
      toEntity: (row) => toProduct(row as repository.ProductRow),
      toValues: (body) => productValues(body),
      afterWrite: bump,
    }),
    specs: new CrudStore<Spec & Row, ReturnType<typeof toSpec>>(db, {
      objectType: 'Spec',
      table: specs,
      idColumn: specs.id,
      idKey: 'id',
      list: repository.specList,
      schema: Spec as never,
      toEntity: (row) => toSpec(row as repository.SpecRow),
      toValues: (body) => specValues(body),
      afterWrite: bump,
    }),
    specOptions: new CrudStore<SpecOption & Row, ReturnType<typeof toSpecOption>>(db, {
      objectType: 'SpecOption',
      table: specOptions,
      idColumn: specOptions.id,
      idKey: 'id',
      parentColumn: specOptions.specId,
      parentKey: 'specId',
      list: repository.specOptionList,
      schema: SpecOption as never,
      toEntity: (row) => toSpecOption(row as repository.SpecOptionRow),
      toValues: (body) => specOptionValues(body),
      afterWrite: bump,
    }),
    facets: new CrudStore<ProductFacet, ReturnType<typeof toProductFacet>>(db, {
      objectType: 'ProductFacet',
      table: productFacets,
      idColumn: productFacets.id,
      idKey: 'id',
      list: repository.productFacetList,
      schema: ProductFacet,
      toEntity: (row) => toProductFacet(row as repository.ProductFacetRow),
      toValues: productFacetValues,
      afterWrite: bump,
    }),
  };
}

export type CatalogueStores = ReturnType<typeof catalogueStores>;
