import type { Database } from '@actuate/service-kit';
import { Bitset } from '../../shared/bitset.ts';
import type { PlatformContext } from '../../shared/context.ts';
import type { Generations } from '../../shared/generations.ts';
import type { BuyersService } from '../buyers/service.ts';
import type { UsersService } from '../users/service.ts';
import {
  type CatalogDefaults,
  type CategoryAccess,
  type CategoryNode,
  categoryAccess,
  nothingNarrows,
  productsAllowed,
} from './category-visibility.ts';
import { CatalogIndexes } from './index-cache.ts';
import type { CatalogIndex } from './product-index.ts';
import * as repository from './repository.ts';

/** A catalog assigned to the caller's company, with the assignment's view-all settings. */
export type AssignedCatalog = CatalogDefaults & { catalogId: string };
/** A buyer user as assignments reach them: their company and their groups. */
interface Party {
  buyerId: string;
  groupIds: string[];
  key: string;
}

/**
 * What a buyer user may see of the catalogue: the catalogs assigned to their company, the
 * categories and products the assignments let them see, and the price schedule of each product.
 * Everything derived is cached per `catalog` generation, which every catalogue write moves.
 */
export class BuyerAccess {
  /** Lookups derived from the catalogue, valid for one generation. */
  private derived = emptyDerived(-1);
  private readonly indexes: CatalogIndexes;

  constructor(
    private readonly db: Database,
    private readonly buyers: BuyersService,
    private readonly users: UsersService,
    private readonly generations: Generations,
  ) {
    this.indexes = new CatalogIndexes(db);
  }

  /** The catalog's product index at the generation this request reads. */
  async indexOf(context: PlatformContext, catalogId: string): Promise<CatalogIndex> {
    return this.indexes.of(catalogId, await this.generationFor(context));
  }

  /** The active catalogs assigned to the caller's company (cached per generation). */
  async assignedCatalogs(context: PlatformContext): Promise<AssignedCatalog[]> {
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
  async catalogFor(
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

  async partyOf(context: PlatformContext): Promise<Party> {
    const buyerId = context.caller.buyerId as string;
    const groupIds = [...(await this.users.groupIdsFor(context, buyerId, context.caller.userId))].sort();
    return { buyerId, groupIds, key: `${buyerId}|${groupIds.join(',')}` };
  }

  /**
   * What category assignments and the catalog assignment let this user see of a catalog's
   * categories (cached per party and generation; every assignment and category write moves it).
   */
  async categoryView(context: PlatformContext, catalog: AssignedCatalog, party: Party) {
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
   * Which indexed products the caller may see, and the price schedule of each (group > company >
   * default). The platform keeps its rule that a buyer sees a product priced for them:
   * a product assignment to their company or group shows it whatever the view-all settings (as in
   * OrderCloud); a default price schedule shows it where the catalog and category assignments let
   * them see products (`productsAllowed`).
   */
  async partyView(context: PlatformContext, index: CatalogIndex, catalog: AssignedCatalog) {
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

  /** A product's row, cached per generation (every product write moves it). */
  async productRow(context: PlatformContext, productId: string) {
    const derived = await this.derivedFor(context);
    if (!derived.productsById.has(productId)) {
      const [row] = await repository.productRowsByIds(this.db, [productId]);
      derived.productsById.set(productId, row);
    }
    return derived.productsById.get(productId);
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
