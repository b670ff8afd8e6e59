import { Product, Spec, SpecOption } from '@actuate/contracts';
import type { Database, Executor } from '@actuate/service-kit';
import { Bitset } from '../../shared/bitset.ts';
import type { PlatformContext } from '../../shared/context.ts';
import { CrudStore } from '../../shared/crud.ts';
import { invalidRequest, notFoundError } from '../../shared/errors.ts';
import type { Generations } from '../../shared/generations.ts';
import { buildListSql, type ListOptions, type ListPage, listMeta } from '../../shared/list/list-query.ts';
import type { BuyersService } from '../buyers/service.ts';
import type { PriceScheduleEntity, PricesService } from '../prices/service.ts';
import type { UsersService } from '../users/service.ts';
import {
  type CatalogDefaults,
  type CategoryAccess,
  type CategoryNode,
  categoryAccess,
  nothingNarrows,
  productsAllowed,
} from './category-visibility.ts';
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
import {
  Catalog,
  type CatalogAssignment,
  Category,
  type CategoryAssignment,
  type CategoryProductAssignment,
  type ProductAssignment,
  type ProductCatalogAssignment,
  ProductFacet,
  type SpecProductAssignment,
} from './models.ts';
import { ALWAYS_INDEXED_PATHS, CatalogIndex } from './product-index.ts';
import * as repository from './repository.ts';
import { catalogs, categories, productFacets, products, specOptions, specs } from './schema.ts';

type Row = Record<string, unknown>;
/** Catalogs with at least this many products answer from the previous index while rebuilding. */
const STALE_WHILE_REBUILDING_FROM = 20_000;
export type ProductEntity = ReturnType<typeof toProduct>;
export type BuyerProduct = ProductEntity & { PriceSchedule: PriceScheduleEntity | null };
/** A catalog assigned to the caller's company, with the assignment's view-all settings. */
type AssignedCatalog = CatalogDefaults & { catalogId: string };
/** A buyer user as assignments reach them: their company and their groups. */
interface Party {
  buyerId: string;
  groupIds: string[];
  key: string;
}

/** What a buyer user sees of a product: visibility and the price schedule that applies to them. */
export interface ProductAccess {
  product: ProductEntity;
  priceSchedule: PriceScheduleEntity | null;
}

/**
 * Catalogs, categories, products, specs and product facets (admin), their assignments, and the buyer's
 * view of them (`/me/products`) answered from an in-memory index per catalog.
 */
export class CatalogService {
  readonly catalogs: CrudStore<Catalog, ReturnType<typeof toCatalog>>;
  readonly categories: CrudStore<Category, ReturnType<typeof toCategory>>;
  readonly products: CrudStore<Product & Row, ProductEntity>;
  readonly specs: CrudStore<Spec & Row, ReturnType<typeof toSpec>>;
  readonly specOptions: CrudStore<SpecOption & Row, ReturnType<typeof toSpecOption>>;
  readonly facets: CrudStore<ProductFacet, ReturnType<typeof toProductFacet>>;
  private readonly indexes = new Map<string, { generation: number; index: Promise<CatalogIndex> }>();
  /** The last complete index of each catalog, and the catalogs being rebuilt in the background. */
  private readonly readyIndexes = new Map<string, CatalogIndex>();
  private readonly rebuilding = new Set<string>();
  /** Lookups derived from the catalogue, valid for one generation. */
  private derived = emptyDerived(-1);

  constructor(
    private readonly db: Database,
    private readonly buyers: BuyersService,
    private readonly users: UsersService,
    private readonly prices: PricesService,
    /** The `catalog` counter: bumped in the transaction of every write the product index reflects. */
    private readonly generations: Generations,
  ) {
    const bump = (tx: Executor) => generations.bump(tx, 'catalog');
    this.catalogs = new CrudStore(db, {
      objectType: 'Catalog',
      table: catalogs,
      idColumn: catalogs.id,
      idKey: 'id',
      list: repository.catalogList,
      schema: Catalog,
      toEntity: (row) => toCatalog(row as typeof catalogs.$inferSelect),
      toValues: catalogValues,
      afterWrite: bump,
    });
    this.categories = new CrudStore(db, {
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
    });
    this.products = new CrudStore(db, {
      objectType: 'Product',
      table: products,
      idColumn: products.id,
      idKey: 'id',
      list: repository.productList,
      schema: Product as never,
      toEntity: (row) => toProduct(row as repository.ProductRow),
      toValues: (body) => productValues(body),
      afterWrite: bump,
    });
    this.specs = new CrudStore(db, {
      objectType: 'Spec',
      table: specs,
      idColumn: specs.id,
      idKey: 'id',
      list: repository.specList,
      schema: Spec as never,
      toEntity: (row) => toSpec(row as repository.SpecRow),
      toValues: (body) => specValues(body),
      afterWrite: bump,
    });
    this.specOptions = new CrudStore(db, {
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
    });
    this.facets = new CrudStore(db, {
      objectType: 'ProductFacet',
      table: productFacets,
      idColumn: productFacets.id,
      idKey: 'id',
      list: repository.productFacetList,
      schema: ProductFacet,
      toEntity: (row) => toProductFacet(row as repository.ProductFacetRow),
      toValues: productFacetValues,
      afterWrite: bump,
    });
  }

  /** Bumps the generation so every instance rebuilds its product index (seeders call it once). */
  catalogChanged(tx: Executor = this.db): Promise<void> {
    return this.generations.bump(tx, 'catalog');
  }

  /** An assignment write, in a transaction that moves the `catalog` generation (indexes and cached views). */
  private write<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.generations.writing('catalog', work);
  }

  // --- assignments -------------------------------------------------------------------------------

  async saveCatalogAssignment(_context: PlatformContext, body: CatalogAssignment): Promise<void> {
    await this.catalogs.get(body.CatalogID);
    await this.buyers.assertExists(body.BuyerID);
    await this.write((tx) =>
      repository.saveCatalogAssignment(tx, {
        catalogId: body.CatalogID,
        buyerId: body.BuyerID,
        viewAllCategories: body.ViewAllCategories,
        viewAllProducts: body.ViewAllProducts,
      }),
    );
  }

  async deleteCatalogAssignment(
    _context: PlatformContext,
    catalogId: string,
    buyerId: string,
  ): Promise<void> {
    // The generation moves too: each instance caches the catalogs of a buyer per generation.
    const deleted = await this.write((tx) => repository.deleteCatalogAssignment(tx, catalogId, buyerId));
    if (!deleted) {
      throw notFoundError('CatalogAssignment', `${catalogId}/${buyerId}`);
    }
  }

  async listCatalogAssignments(
    _context: PlatformContext,
    filter: { catalogId?: string; buyerId?: string },
    options: ListOptions,
  ) {
    const rows = await repository.listCatalogAssignments(this.db, filter);
    return page(
      options,
      rows.map((row) => ({
        CatalogID: row.catalogId,
        BuyerID: row.buyerId,
        ViewAllCategories: row.viewAllCategories,
        ViewAllProducts: row.viewAllProducts,
      })),
    );
  }

  async saveProductCatalogAssignment(
    _context: PlatformContext,
    body: ProductCatalogAssignment,
  ): Promise<void> {
    await this.catalogs.get(body.CatalogID);
    await this.products.get(body.ProductID);
    await this.write((tx) => repository.saveProductCatalogAssignment(tx, body.CatalogID, body.ProductID));
  }

  async deleteProductCatalogAssignment(_context: PlatformContext, catalogId: string, productId: string) {
    const deleted = await this.write((tx) =>
      repository.deleteProductCatalogAssignment(tx, catalogId, productId),
    );
    if (!deleted) throw notFoundError('ProductCatalogAssignment', `${catalogId}/${productId}`);
  }

  async listProductCatalogAssignments(
    _context: PlatformContext,
    filter: { catalogId?: string; productId?: string },
    options: ListOptions,
  ) {
    const rows = await repository.listProductCatalogAssignments(this.db, filter);
    return page(
      options,
      rows.map((row) => ({ CatalogID: row.catalogId, ProductID: row.productId })),
    );
  }

  async saveCategoryProductAssignment(
    _context: PlatformContext,
    catalogId: string,
    body: CategoryProductAssignment,
  ) {
    await this.categories.get(body.CategoryID, catalogId);
    await this.products.get(body.ProductID);
    await this.write((tx) =>
      repository.saveCategoryProductAssignment(tx, {
        catalogId,
        categoryId: body.CategoryID,
        productId: body.ProductID,
        listOrder: body.ListOrder ?? 0,
      }),
    );
  }

  async deleteCategoryProductAssignment(
    _context: PlatformContext,
    catalogId: string,
    categoryId: string,
    productId: string,
  ) {
    const deleted = await this.write((tx) =>
      repository.deleteCategoryProductAssignment(tx, catalogId, categoryId, productId),
    );
    if (!deleted) throw notFoundError('CategoryProductAssignment', `${categoryId}/${productId}`);
  }

  async listCategoryProductAssignments(
    _context: PlatformContext,
    catalogId: string,
    filter: { categoryId?: string; productId?: string },
    options: ListOptions,
  ) {
    const rows = await repository.listCategoryProductAssignments(this.db, catalogId, filter);
    return page(
      options,
      rows.map((row) => ({ CategoryID: row.categoryId, ProductID: row.productId, ListOrder: row.listOrder })),
    );
  }

  /** `POST /catalogs/{id}/categories/assignments`: creates or replaces the party's settings on a category. */
  async saveCategoryAssignment(
    context: PlatformContext,
    catalogId: string,
    body: CategoryAssignment,
  ): Promise<void> {
    await this.catalogs.get(catalogId);
    await this.categories.get(body.CategoryID, catalogId);
    await this.buyers.assertExists(body.BuyerID);
    if (body.UserGroupID) await this.users.getGroup(context, body.BuyerID, body.UserGroupID);
    await this.write((tx) =>
      repository.saveCategoryAssignment(tx, {
        catalogId,
        categoryId: body.CategoryID,
        buyerId: body.BuyerID,
        userGroupId: body.UserGroupID ?? null,
        visible: body.Visible ?? null,
        viewAllProducts: body.ViewAllProducts ?? null,
      }),
    );
  }

  /**
   * `DELETE /catalogs/{id}/categories/{id}/assignments?buyerID=&userGroupID=`: the company's
   * assignment, or the group's when `userGroupID` is given. [inferred] The SDK's `userID` is
   * refused: category assignments reach companies and groups only.
   */
  async deleteCategoryAssignment(
    _context: PlatformContext,
    catalogId: string,
    categoryId: string,
    party: { buyerId: string; userGroupId?: string | undefined; userId?: string | undefined },
  ): Promise<void> {
    if (party.userId) throw invalidRequest('Categories are assigned to buyers and user groups, not users.');
    const deleted = await this.write((tx) =>
      repository.deleteCategoryAssignment(tx, {
        catalogId,
        categoryId,
        buyerId: party.buyerId,
        userGroupId: party.userGroupId ?? null,
      }),
    );
    if (!deleted) {
      const groupPart = party.userGroupId ? `/${party.userGroupId}` : '';
      throw notFoundError('CategoryAssignment', `${categoryId}/${party.buyerId}${groupPart}`);
    }
  }

  async listCategoryAssignments(
    _context: PlatformContext,
    catalogId: string,
    filter: { categoryId?: string; buyerId?: string; userGroupId?: string; level?: 'Group' | 'Company' },
    options: ListOptions,
  ) {
    await this.catalogs.get(catalogId);
    const rows = await repository.listCategoryAssignments(this.db, catalogId, filter);
    return page(
      options,
      rows.map((row) => ({
        CategoryID: row.categoryId,
        BuyerID: row.buyerId,
        UserGroupID: row.userGroupId,
        Visible: row.visible,
        ViewAllProducts: row.viewAllProducts,
      })),
    );
  }

  async saveProductAssignment(context: PlatformContext, body: ProductAssignment): Promise<void> {
    await this.products.get(body.ProductID);
    await this.buyers.assertExists(body.BuyerID);
    if (body.UserGroupID) await this.users.getGroup(context, body.BuyerID, body.UserGroupID);
    if (body.PriceScheduleID) await this.prices.store.get(body.PriceScheduleID);
    await this.write((tx) =>
      repository.saveProductAssignment(tx, {
        productId: body.ProductID,
        buyerId: body.BuyerID,
        userGroupId: body.UserGroupID ?? null,
        priceScheduleId: body.PriceScheduleID ?? null,
      }),
    );
  }

  async deleteProductAssignment(
    _context: PlatformContext,
    productId: string,
    buyerId: string,
    userGroupId: string | undefined,
  ) {
    const deleted = await this.write((tx) =>
      repository.deleteProductAssignment(tx, productId, buyerId, userGroupId ?? null),
    );
    if (!deleted) throw notFoundError('ProductAssignment', `${productId}/${buyerId}`);
  }

  async listProductAssignments(
    _context: PlatformContext,
    filter: { productId?: string; buyerId?: string; priceScheduleId?: string },
    options: ListOptions,
  ) {
    const rows = await repository.listProductAssignments(this.db, filter);
    return page(
      options,
      rows.map((row) => ({
        ProductID: row.productId,
        BuyerID: row.buyerId,
        UserGroupID: row.userGroupId,
        PriceScheduleID: row.priceScheduleId,
      })),
    );
  }

  async saveSpecProductAssignment(_context: PlatformContext, body: SpecProductAssignment): Promise<void> {
    await this.specs.get(body.SpecID);
    await this.products.get(body.ProductID);
    await this.write((tx) =>
      repository.saveSpecProductAssignment(tx, {
        specId: body.SpecID,
        productId: body.ProductID,
        defaultValue: body.DefaultValue ?? null,
        defaultOptionId: body.DefaultOptionID ?? null,
      }),
    );
  }

  async deleteSpecProductAssignment(
    _context: PlatformContext,
    specId: string,
    productId: string,
  ): Promise<void> {
    const deleted = await this.write((tx) => repository.deleteSpecProductAssignment(tx, specId, productId));
    if (!deleted) {
      throw notFoundError('SpecProductAssignment', `${specId}/${productId}`);
    }
  }

  async listSpecProductAssignments(
    _context: PlatformContext,
    filter: { specId?: string; productId?: string },
    options: ListOptions,
  ) {
    const rows = await repository.listSpecProductAssignments(this.db, filter);
    return page(
      options,
      rows.map((row) => ({
        SpecID: row.specId,
        ProductID: row.productId,
        DefaultValue: row.defaultValue,
        DefaultOptionID: row.defaultOptionId,
      })),
    );
  }

  async getSpecWithOptions(_context: PlatformContext, specId: string) {
    const spec = await this.specs.get(specId);
    return withOptions(spec, await repository.optionsOfSpecs(this.db, [specId]));
  }

  /** `GET /products/{id}/specs` (admin): the specs assigned to the product, with their options. */
  async listProductSpecs(_context: PlatformContext, productId: string, options: ListOptions) {
    await this.products.get(productId);
    const specPage = await this.specs.list(options, undefined, repository.specsAssignedTo(productId));
    const optionRows = await repository.optionsOfSpecs(
      this.db,
      specPage.Items.map((spec) => spec.ID),
    );
    return {
      Meta: specPage.Meta,
      Items: specPage.Items.map((spec) =>
        withOptions(
          spec,
          optionRows.filter((option) => option.specId === spec.ID),
        ),
      ),
    };
  }

  // --- the buyer's view ----------------------------------------------------------------------------

  /** The active catalogs assigned to the caller's company (cached per generation). */
  private async assignedCatalogs(context: PlatformContext): Promise<AssignedCatalog[]> {
    const buyerId = context.caller.buyerId;
    if (!buyerId) return [];
    const derived = await this.derivedFor(context);
    let assigned = derived.catalogsByBuyer.get(buyerId);
    if (!assigned) {
      assigned = await repository.catalogAssignmentsOfBuyer(this.db, buyerId);
      derived.catalogsByBuyer.set(buyerId, assigned);
    }
    return assigned;
  }

  /** The catalog a buyer user browses: `catalogID` if assigned to their company, else the company's default or first. */
  private async catalogFor(
    context: PlatformContext,
    requested: string | undefined,
  ): Promise<AssignedCatalog | undefined> {
    const assigned = await this.assignedCatalogs(context);
    const byId = (id: string | null) => assigned.find((catalog) => catalog.catalogId === id);
    if (requested) return byId(requested);
    if (assigned.length === 0) return undefined;
    const defaultCatalogId = await this.buyers.defaultCatalogFor(context, context.caller.buyerId as string);
    return byId(defaultCatalogId) ?? assigned[0];
  }

  private async partyOf(context: PlatformContext): Promise<Party> {
    const buyerId = context.caller.buyerId as string;
    const groupIds = [...(await this.users.groupIdsFor(context, buyerId, context.caller.userId))].sort();
    return { buyerId, groupIds, key: `${buyerId}|${groupIds.join(',')}` };
  }

  /**
   * What category assignments and the catalog assignment let this user see of a catalog's
   * categories (cached per party and generation; every assignment and category write moves it).
   */
  private async categoryView(context: PlatformContext, catalog: AssignedCatalog, party: Party) {
    const derived = await this.derivedFor(context);
    const key = `${catalog.catalogId}|${party.key}`;
    const cached = derived.categoryViews.get(key);
    if (cached) return cached;
    let nodes = derived.categoryTrees.get(catalog.catalogId);
    if (!nodes) {
      nodes = await repository.categoryNodes(this.db, catalog.catalogId);
      derived.categoryTrees.set(catalog.catalogId, nodes);
    }
    const settings = await repository.categorySettingsOfParty(
      this.db,
      catalog.catalogId,
      party.buyerId,
      party.groupIds,
    );
    const view = {
      access: categoryAccess(nodes, settings, catalog),
      narrows: !nothingNarrows(settings, catalog),
    };
    if (derived.categoryViews.size >= 10_000) derived.categoryViews.clear();
    derived.categoryViews.set(key, view);
    return view;
  }

  /** Read once per request, however many catalogue lookups the request makes. */
  private generationFor(context: PlatformContext): Promise<number> {
    return this.generations.of(context, 'catalog');
  }

  private async derivedFor(context: PlatformContext) {
    const generation = await this.generationFor(context);
    if (this.derived.generation !== generation) this.derived = emptyDerived(generation);
    return this.derived;
  }

  /**
   * The catalog's index, rebuilt when the shared generation counter has moved. A small catalog is
   * rebuilt before answering (milliseconds); a large one keeps answering from its previous index
   * while the new one builds (seconds), so a product edit never stalls shoppers.
   */
  private async indexOf(context: PlatformContext, catalogId: string): Promise<CatalogIndex> {
    const generation = await this.generationFor(context);
    const cached = this.indexes.get(catalogId);
    if (cached && cached.generation === generation) return cached.index;
    const previous = this.readyIndexes.get(catalogId);
    if (previous && previous.size >= STALE_WHILE_REBUILDING_FROM) {
      if (!this.rebuilding.has(catalogId)) this.rebuildInBackground(catalogId, generation);
      return previous;
    }
    return this.startBuild(catalogId, generation);
  }

  private startBuild(catalogId: string, generation: number): Promise<CatalogIndex> {
    const index = this.buildIndex(catalogId);
    this.indexes.set(catalogId, { generation, index });
    index.then(
      (built) => this.readyIndexes.set(catalogId, built),
      () => this.indexes.delete(catalogId),
    );
    return index;
  }

  private rebuildInBackground(catalogId: string, generation: number): void {
    this.rebuilding.add(catalogId);
    this.buildIndex(catalogId)
      .then((built) => {
        this.readyIndexes.set(catalogId, built);
        this.indexes.set(catalogId, { generation, index: Promise.resolve(built) });
      })
      .catch(() => undefined)
      .finally(() => this.rebuilding.delete(catalogId));
  }

  private async buildIndex(catalogId: string): Promise<CatalogIndex> {
    const facets = await repository.facetRows(this.db);
    const pathKeys = [...new Set([...facets.map((facet) => facet.xpPath), ...ALWAYS_INDEXED_PATHS])];
    const rows = await repository.productsForIndex(
      this.db,
      catalogId,
      pathKeys.map((key) => key.split('.')),
    );
    const members = await repository.categoryMembers(this.db, catalogId);
    return new CatalogIndex(
      rows,
      pathKeys,
      members,
      facets.map((facet) => ({
        id: facet.id,
        name: facet.name,
        xpPath: facet.xpPath,
        minCount: facet.minCount,
        xp: facet.xp,
      })),
    );
  }

  /**
   * Which indexed products the caller may see, and the price schedule of each (group > company >
   * default). [inferred] The platform keeps its rule that a buyer sees a product priced for them:
   * a product assignment to their company or group shows it whatever the view-all settings (as in
   * OrderCloud); a default price schedule shows it where the catalog and category assignments let
   * them see products (`productsAllowed`).
   */
  private async partyView(context: PlatformContext, index: CatalogIndex, catalog: AssignedCatalog) {
    const party = await this.partyOf(context);
    const cached = index.partyCache.get(party.key);
    if (cached) return cached;
    const assignments = await repository.assignmentsForParty(this.db, party.buyerId, party.groupIds);
    const categories = await this.categoryView(context, catalog, party);
    const visible = categories.narrows
      ? index.withDefaultSchedule.and(
          productsAllowed(index.size, categories.access, catalog, (id) => index.membersOf(id)),
        )
      : new Bitset(index.size).or(index.withDefaultSchedule);
    const schedules = new Map<number, string>();
    // Company-wide assignments first, so a group's schedule overrides them.
    for (const assignment of [...assignments].sort(
      (a, b) => (a.userGroupId ? 1 : 0) - (b.userGroupId ? 1 : 0),
    )) {
      const position = index.positionOf(assignment.productId);
      if (position === undefined) continue;
      visible.add(position);
      if (assignment.priceScheduleId) schedules.set(position, assignment.priceScheduleId);
    }
    const view = { visible, schedules };
    if (index.partyCache.size > 10_000) index.partyCache.clear();
    index.partyCache.set(party.key, view);
    return view;
  }

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
    const catalog = await this.catalogFor(context, scope.catalogId);
    if (!catalog) return { Meta: { ...listMeta(options, 0, 0), Facets: [] }, Items: [] };
    const index = await this.indexOf(context, catalog.catalogId);
    const view = await this.partyView(context, index, catalog);
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
    const catalog = await this.catalogFor(context, catalogId);
    if (!catalog) throw notFoundError('Product', productId);
    const index = await this.indexOf(context, catalog.catalogId);
    const view = await this.partyView(context, index, catalog);
    const position = index.positionOf(productId);
    if (position === undefined || !view.visible.has(position)) throw notFoundError('Product', productId);
    const row = await this.productRow(context, productId);
    const [product] = await this.withSchedules(context, index, view, row ? [row] : []);
    if (!product) throw notFoundError('Product', productId);
    return product;
  }

  /** A product's row, cached per generation (every product write moves it). */
  private async productRow(context: PlatformContext, productId: string) {
    const derived = await this.derivedFor(context);
    if (!derived.productsById.has(productId)) {
      const [row] = await repository.productRowsByIds(this.db, [productId]);
      derived.productsById.set(productId, row);
    }
    return derived.productsById.get(productId);
  }

  async listMyProductSpecs(
    context: PlatformContext,
    productId: string,
    options: ListOptions,
    catalogId?: string,
  ) {
    await this.getMyProduct(context, productId, catalogId);
    const specsOfProduct = await this.specsForProduct(context, productId);
    return page(
      options,
      specsOfProduct.map(({ spec, options: specOptionRows }) => toSpec(spec, specOptionRows)),
    );
  }

  /** `GET /me/products/{id}/specs/{id}`: a spec of a product the caller sees; NotFound otherwise. */
  async getMyProductSpec(context: PlatformContext, productId: string, specId: string, catalogId?: string) {
    await this.getMyProduct(context, productId, catalogId);
    const found = (await this.specsForProduct(context, productId)).find(({ spec }) => spec.id === specId);
    if (!found) throw notFoundError('Spec', specId);
    return toSpec(found.spec, found.options);
  }

  async listMyCatalogs(context: PlatformContext, options: ListOptions) {
    const ids = (await this.assignedCatalogs(context)).map((catalog) => catalog.catalogId);
    const found = await this.catalogs.findMany(ids);
    return page(
      options,
      ids.map((id) => found.get(id)).filter((catalog) => catalog !== undefined),
    );
  }

  /** `GET /me/catalogs/{id}`: an active catalog assigned to the caller's company; NotFound otherwise. */
  async getMyCatalog(context: PlatformContext, catalogId: string) {
    const assigned = await this.assignedCatalogs(context);
    if (!assigned.some((catalog) => catalog.catalogId === catalogId))
      throw notFoundError('Catalog', catalogId);
    return this.catalogs.get(catalogId);
  }

  /** The categories of the caller's catalog they may see (`categoryView`), or none without a catalog. */
  private async visibleCategories(context: PlatformContext, catalogId: string | undefined) {
    const catalog = await this.catalogFor(context, catalogId);
    if (!catalog) return undefined;
    const view = await this.categoryView(context, catalog, await this.partyOf(context));
    return { catalogId: catalog.catalogId, access: view.access };
  }

  async listMyCategories(context: PlatformContext, options: ListOptions, catalogId: string | undefined) {
    const visible = await this.visibleCategories(context, catalogId);
    if (!visible) return { Meta: listMeta(options, 0, 0), Items: [] };
    const ids = [...visible.access].filter(([, access]) => access.visible).map(([id]) => id);
    return this.categories.list(options, visible.catalogId, repository.categoriesAmong(ids));
  }

  /** `GET /me/categories/{id}?catalogID=`: found exactly when `/me/categories` lists it. */
  async getMyCategory(context: PlatformContext, categoryId: string, catalogId: string | undefined) {
    const visible = await this.visibleCategories(context, catalogId);
    if (!visible?.access.get(categoryId)?.visible) throw notFoundError('Category', categoryId);
    return this.categories.get(categoryId, visible.catalogId);
  }

  /**
   * The categories of the order lines' products in the buyer's catalog, for promotion expressions
   * (`CategoryIDs`: direct assignments; `ParentCategoryIDs`: their ancestors). Read through the
   * caller's transaction.
   */
  async categoriesOfProducts(
    executor: Executor,
    buyerId: string,
    productIds: string[],
  ): Promise<Map<string, { CategoryIDs: string[]; ParentCategoryIDs: string[] }>> {
    const unique = [...new Set(productIds)];
    const found = new Map(
      unique.map((id) => [id, { CategoryIDs: [] as string[], ParentCategoryIDs: [] as string[] }]),
    );
    if (unique.length === 0) return found;
    const defaultCatalogId = await this.buyers.defaultCatalogOf(buyerId, executor);
    for (const row of await repository.categoriesOfProducts(executor, buyerId, defaultCatalogId, unique)) {
      const entry = found.get(row.product_id);
      if (!entry) continue;
      (row.direct ? entry.CategoryIDs : entry.ParentCategoryIDs).push(row.category_id);
    }
    return found;
  }

  /** Specs and options of a product as a buyer picked them, for line items. */
  async specsForProduct(context: PlatformContext, productId: string) {
    const derived = await this.derivedFor(context);
    let specs = derived.specsByProduct.get(productId);
    if (!specs) {
      specs = await repository.specsOfProduct(this.db, productId);
      derived.specsByProduct.set(productId, specs);
    }
    return specs;
  }
}

/** A spec as the admin spec endpoints show it: with its options. */
const withOptions = (spec: ReturnType<typeof toSpec>, optionRows: repository.SpecOptionRow[]) => ({
  ...spec,
  OptionCount: optionRows.length,
  Options: optionRows.map(toSpecOption),
});

/** Lookups derived from the catalogue under one generation counter. */
function emptyDerived(generation: number) {
  return {
    generation,
    catalogsByBuyer: new Map<string, AssignedCatalog[]>(),
    specsByProduct: new Map<string, Awaited<ReturnType<typeof repository.specsOfProduct>>>(),
    productsById: new Map<string, repository.ProductRow | undefined>(),
    categoryTrees: new Map<string, CategoryNode[]>(),
    categoryViews: new Map<string, { access: Map<string, CategoryAccess>; narrows: boolean }>(),
  };
}

/** One page of an in-memory list (assignment lists are small). */
function page<T>(options: ListOptions, items: T[]): ListPage<T> {
  if (options.filters.length > 0) throw invalidRequest('This list takes no filters.');
  const start = (options.page - 1) * options.pageSize;
  const slice = items.slice(start, start + options.pageSize);
  return { Meta: listMeta(options, items.length, slice.length), Items: slice };
}
