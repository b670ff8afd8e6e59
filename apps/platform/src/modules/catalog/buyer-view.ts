import type { Database } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import { notFoundError } from '../../shared/errors.ts';
import { buildListSql, type ListOptions, type ListPage, listMeta } from '../../shared/list/list-query.ts';
import type { PriceScheduleEntity, PricesService } from '../prices/service.ts';
import type { BuyerAccess } from './buyer-access.ts';
import { toProduct, toSpec } from './entities.ts';
import { pageInMemory } from './list-page.ts';
import type { CatalogIndex } from './product-index.ts';
import * as repository from './repository.ts';
import type { CatalogueStores, ProductEntity } from './stores.ts';

export type BuyerProduct = ProductEntity & { PriceSchedule: PriceScheduleEntity | null };

/** The buyer's view of the catalogue (`/me/products`, `/me/catalogs`, `/me/categories`). */
export class BuyerCatalogView {
  constructor(
    private readonly db: Database,
    private readonly stores: Pick<CatalogueStores, 'catalogs' | 'categories'>,
    private readonly prices: PricesService,
    private readonly access: BuyerAccess,
  ) {}

  private async withSchedules(
    context: PlatformContext,
    index: CatalogIndex,
    view: { schedules: Map<number, string> },
    rows: repository.ProductRow[],
  ) {
    const scheduleOf = (id: string) => {
      const position = index.positionOf(id) as number;
      return view.schedules.get(position) ?? index.defaultSchedules[position] ?? null;
    };
    const schedules = await this.prices.findMany(
      context,
      rows.map((row) => scheduleOf(row.id)).filter((id): id is string => id !== null),
    );
    return rows.map((row) => {
      const scheduleId = scheduleOf(row.id);
      return { ...toProduct(row), PriceSchedule: scheduleId ? (schedules.get(scheduleId) ?? null) : null };
    });
  }

  async listMyProducts(
    context: PlatformContext,
    options: ListOptions,
    scope: { catalogId?: string | undefined; categoryId?: string | undefined },
  ): Promise<ListPage<BuyerProduct>> {
    const catalog = await this.access.catalogFor(context, scope.catalogId);
    if (!catalog) return { Meta: { ...listMeta(options, 0, 0), Facets: [] }, Items: [] };
    const index = await this.access.indexOf(context, catalog.catalogId);
    const view = await this.access.partyView(context, index, catalog);
    const result = await index.query(
      {
        visible: view.visible,
        categoryId: scope.categoryId,
        search: options.search,
        searchOn: options.searchOn,
        filters: options.filters,
        sortBy: options.sortBy,
        page: options.page,
        pageSize: options.pageSize,
      },
      // Fields outside the index: let the list engine translate the one filter to SQL.
      async (field, value) => {
        const { where } = buildListSql(repository.productList, {
          sortBy: [],
          page: 1,
          pageSize: 1,
          filters: [{ field, value }],
        });
        return where ? repository.productIdsWhere(this.db, where) : new Set();
      },
    );
    const rows = await repository.productRowsByIds(this.db, result.ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ordered = result.ids
      .map((id) => byId.get(id))
      .filter((row): row is repository.ProductRow => row !== undefined);
    return {
      Meta: { ...listMeta(options, result.totalCount, ordered.length), Facets: result.facets },
      Items: await this.withSchedules(context, index, view, ordered),
    };
  }

  /** A product the caller may see, with its price schedule; NotFound otherwise (other modules use it too). */
  async getMyProduct(context: PlatformContext, productId: string, catalogId?: string): Promise<BuyerProduct> {
    const catalog = await this.access.catalogFor(context, catalogId);
    if (!catalog) throw notFoundError('Product', productId);
    const index = await this.access.indexOf(context, catalog.catalogId);
    const view = await this.access.partyView(context, index, catalog);
    const position = index.positionOf(productId);
    if (position === undefined || !view.visible.has(position)) throw notFoundError('Product', productId);
    const row = await this.access.productRow(context, productId);
    const [product] = await this.withSchedules(context, index, view, row ? [row] : []);
    if (!product) throw notFoundError('Product', productId);
    return product;
  }

  async listMyProductSpecs(
    context: PlatformContext,
    productId: string,
    options: ListOptions,
    catalogId?: string,
  ) {
    await this.getMyProduct(context, productId, catalogId);
    const specsOfProduct = await this.access.specsForProduct(context, productId);
    return pageInMemory(
      options,
      specsOfProduct.map(({ spec, options: specOptionRows }) => toSpec(spec, specOptionRows)),
    );
  }

  /** `GET /me/products/{id}/specs/{id}`: a spec of a product the caller sees; NotFound otherwise. */
  async getMyProductSpec(context: PlatformContext, productId: string, specId: string, catalogId?: string) {
    await this.getMyProduct(context, productId, catalogId);
    const found = (await this.access.specsForProduct(context, productId)).find(
      ({ spec }) => spec.id === specId,
    );
    if (!found) throw notFoundError('Spec', specId);
    return toSpec(found.spec, found.options);
  }

  async listMyCatalogs(context: PlatformContext, options: ListOptions) {
    const ids = (await this.access.assignedCatalogs(context)).map((catalog) => catalog.catalogId);
    const found = await this.stores.catalogs.findMany(ids);
    return pageInMemory(
      options,
      ids.map((id) => found.get(id)).filter((catalog) => catalog !== undefined),
    );
  }

  /** `GET /me/catalogs/{id}`: an active catalog assigned to the caller's company; NotFound otherwise. */
  async getMyCatalog(context: PlatformContext, catalogId: string) {
    const assigned = await this.access.assignedCatalogs(context);
    if (!assigned.some((catalog) => catalog.catalogId === catalogId))
      throw notFoundError('Catalog', catalogId);
    return this.stores.catalogs.get(catalogId);
  }

  /** The categories of the caller's catalog they may see (`categoryView`), or none without a catalog. */
  private async visibleCategories(context: PlatformContext, catalogId: string | undefined) {
    const catalog = await this.access.catalogFor(context, catalogId);
    if (!catalog) return undefined;
    const view = await this.access.categoryView(context, catalog, await this.access.partyOf(context));
    return { catalogId: catalog.catalogId, access: view.access };
  }

  async listMyCategories(context: PlatformContext, options: ListOptions, catalogId: string | undefined) {
    const visible = await this.visibleCategories(context, catalogId);
    if (!visible) return { Meta: listMeta(options, 0, 0), Items: [] };
    const ids = [...visible.access].filter(([, access]) => access.visible).map(([id]) => id);
    return this.stores.categories.list(options, visible.catalogId, repository.categoriesAmong(ids));
  }

  /** `GET /me/categories/{id}?catalogID=`: found exactly when `/me/categories` lists it. */
  async getMyCategory(context: PlatformContext, categoryId: string, catalogId: string | undefined) {
    const visible = await this.visibleCategories(context, catalogId);
    if (!visible?.access.get(categoryId)?.visible) throw notFoundError('Category', categoryId);
    return this.stores.categories.get(categoryId, visible.catalogId);
  }
}
