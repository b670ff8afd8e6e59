import type { Database } from '@actuate/service-kit';
import { ALWAYS_INDEXED_PATHS, CatalogIndex } from './product-index.ts';
import * as repository from './repository.ts';

/** Catalogs with at least this many products answer from the previous index while rebuilding. */
const STALE_WHILE_REBUILDING_FROM = 20_000;

/** The in-memory product index of each catalog, kept at the `catalog` generation the caller reads. */
export class CatalogIndexes {
  private readonly indexes = new Map<string, { generation: number; index: Promise<CatalogIndex> }>();
  /** The last complete index of each catalog, and the catalogs being rebuilt in the background. */
  private readonly readyIndexes = new Map<string, CatalogIndex>();
  private readonly rebuilding = new Set<string>();

  constructor(private readonly db: Database) {}

  /**
   * The catalog's index, rebuilt when the shared generation counter has moved. A small catalog is
   * rebuilt before answering (milliseconds); a large one keeps answering from its previous index
   * while the new one builds (seconds), so a product edit never stalls shoppers.
   */
  async of(catalogId: string, generation: number): Promise<CatalogIndex> {
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
}
