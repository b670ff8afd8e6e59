import type { Database, Executor } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import type { Generations } from '../../shared/generations.ts';
import type { ListOptions } from '../../shared/list/list-query.ts';
import type { BuyersService } from '../buyers/service.ts';
import type { PricesService } from '../prices/service.ts';
import type { UsersService } from '../users/service.ts';
import { type AssignmentKindName, assignmentKinds } from './assignments/kinds.ts';
import { AssignmentStore, type ReferenceLookups } from './assignments/service.ts';
import { BuyerAccess } from './buyer-access.ts';
import { BuyerCatalogView, type BuyerProduct } from './buyer-view.ts';
import { type toSpec, toSpecOption } from './entities.ts';
import { notOrderableError } from './orderable.ts';
import * as repository from './repository.ts';
import { type CatalogueStores, catalogueStores } from './stores.ts';

export type { BuyerProduct } from './buyer-view.ts';

/**
 * The catalogue: catalogs, categories, products, specs and product facets (admin CRUD stores), their
 * assignments (one generic store per assignment kind), and the buyer's view of them (`view`),
 * answered from an in-memory index per catalog.
 */
export class CatalogService {
  readonly catalogs: CatalogueStores['catalogs'];
  readonly categories: CatalogueStores['categories'];
  readonly products: CatalogueStores['products'];
  readonly specs: CatalogueStores['specs'];
  readonly specOptions: CatalogueStores['specOptions'];
  readonly facets: CatalogueStores['facets'];
  readonly assignments: Record<AssignmentKindName, AssignmentStore>;
  readonly view: BuyerCatalogView;
  private readonly access: BuyerAccess;

  constructor(
    private readonly db: Database,
    private readonly buyers: BuyersService,
    users: UsersService,
    prices: PricesService,
    /** The `catalog` counter: bumped in the transaction of every write the product index reflects. */
    private readonly generations: Generations,
  ) {
    const stores = catalogueStores(db, (tx) => generations.bump(tx, 'catalog'));
    this.catalogs = stores.catalogs;
    this.categories = stores.categories;
    this.products = stores.products;
    this.specs = stores.specs;
    this.specOptions = stores.specOptions;
    this.facets = stores.facets;
    const lookups: ReferenceLookups = {
      catalog: (_context, id) => stores.catalogs.get(id),
      category: (_context, id, values) => stores.categories.get(id, values.CatalogID as string),
      product: (_context, id) => stores.products.get(id),
      spec: (_context, id) => stores.specs.get(id),
      buyer: (_context, id) => buyers.assertExists(id),
      userGroup: (context, id, values) => users.getGroup(context, values.BuyerID as string, id),
      priceSchedule: (_context, id) => prices.store.get(id),
    };
    // Assignment writes move the `catalog` generation too: indexes and cached views depend on them.
    const write = <T>(work: (tx: Executor) => Promise<T>) => generations.writing('catalog', work);
    this.assignments = Object.fromEntries(
      Object.entries(assignmentKinds).map(([name, kind]) => [
        name,
        new AssignmentStore(db, kind, lookups, write),
      ]),
    ) as Record<AssignmentKindName, AssignmentStore>;
    this.access = new BuyerAccess(db, buyers, users, generations);
    this.view = new BuyerCatalogView(db, stores, prices, this.access);
  }

  /** Bumps the generation so every instance rebuilds its product index (seeders call it once). */
  catalogChanged(tx: Executor = this.db): Promise<void> {
    return this.generations.bump(tx, 'catalog');
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

  /** A product the caller may see, with its price schedule; NotFound otherwise (other modules use it too). */
  getMyProduct(context: PlatformContext, productId: string, catalogId?: string): Promise<BuyerProduct> {
    return this.view.getMyProduct(context, productId, catalogId);
  }

  /**
   * Refuses a line for a product its buyer's sales company cannot order (400 `Product.NotOrderable`,
   * naming the state and the successor).
   */
  async assertOrderable(context: PlatformContext, product: { ID?: unknown; xp?: unknown }): Promise<void> {
    const buyerId = context.caller.buyerId;
    const salesCompanyId = buyerId ? await this.buyers.salesCompanyOf(buyerId) : undefined;
    const refusal = notOrderableError(product, salesCompanyId);
    if (refusal) throw refusal;
  }

  /** Specs and options of a product as a buyer picked them, for line items. */
  specsForProduct(context: PlatformContext, productId: string) {
    return this.access.specsForProduct(context, productId);
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
}

/** A spec as the admin spec endpoints show it: with its options. */
const withOptions = (spec: ReturnType<typeof toSpec>, optionRows: repository.SpecOptionRow[]) => ({
  ...spec,
  OptionCount: optionRows.length,
  Options: optionRows.map(toSpecOption),
});
