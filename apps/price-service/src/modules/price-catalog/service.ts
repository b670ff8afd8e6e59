/**
 * The price cache: one immutable `PriceSnapshot` per price-catalog version, held in process. The
 * version row (one indexed single-row query) says whether the snapshot is current; every admin write
 * bumps it in the same transaction as the change, so every instance reloads once it sees the new
 * version, and all instances answer from the same committed data (they stay stateless).
 *
 * How often the version is read is `maxStalenessMs` (setting PRICE_CACHE_MAX_STALENESS_MS): 0 reads
 * it on every request (strict: a write is visible everywhere as soon as it commits); a positive value
 * reads it at most that often, so another instance may answer from the previous version for at most
 * that long after a write. The instance that made the write sees it at once (`invalidate`).
 * Concurrent requests share one in-flight version read, and a reload reads every table in one
 * repeatable-read transaction, shared by the requests that wait for it.
 */
import type { Database, Executor } from '@actuate/service-kit';
import { loadRates } from '../currency/service.ts';
import { loadCustomerPricing } from '../customer-pricing/service.ts';
import { loadPriceLists } from '../price-lists/service.ts';
import { loadShipMethods } from '../shipping/service.ts';
import { loadTaxData } from '../tax/service.ts';
import * as repository from './repository.ts';
import { familyScheduleKey, itemScheduleKey, type PriceSnapshot } from './snapshot.ts';

export const bumpVersion = (executor: Executor) => repository.bumpVersion(executor);

export class PriceCatalog {
  private current: PriceSnapshot | undefined;
  private loading: { version: number; promise: Promise<PriceSnapshot> } | undefined;
  private versionCheck: Promise<number> | undefined;
  private readonly readVersion: () => Promise<number>;
  /** performance.now() when the version last read was requested. */
  private checkedAt = Number.NEGATIVE_INFINITY;
  private invalidatedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Database,
    private readonly maxStalenessMs = 0,
  ) {
    this.readVersion = repository.versionReader(db);
  }

  /** After a write through this instance: the next request reads the version again. */
  invalidate(): void {
    this.checkedAt = Number.NEGATIVE_INFINITY;
    this.invalidatedAt = performance.now();
    this.versionCheck = undefined; // a check in flight may have read the version before the write
  }

  /**
   * The current version. Concurrent requests share one in-flight check (a request that joins a
   * check started a moment before it arrived is ordered as if it had arrived then), so under load
   * the database sees one version query per round trip, not one per request.
   */
  private currentVersion(): Promise<number> {
    if (!this.versionCheck) {
      const startedAt = performance.now();
      const check = this.readVersion().finally(() => {
        if (startedAt > this.invalidatedAt) this.checkedAt = startedAt;
        if (this.versionCheck === check) this.versionCheck = undefined;
      });
      this.versionCheck = check;
    }
    return this.versionCheck;
  }

  /** The snapshot of the current version, loading it when the version moved. */
  async snapshot(): Promise<PriceSnapshot> {
    const current = this.current;
    if (
      current &&
      !this.loading &&
      this.maxStalenessMs > 0 &&
      performance.now() - this.checkedAt < this.maxStalenessMs
    ) {
      return current;
    }
    const version = await this.currentVersion();
    if (this.current && this.current.version === version) return this.current;
    if (this.loading && this.loading.version === version) return this.loading.promise;
    const promise = this.load().then(
      (snapshot) => {
        if (!this.current || snapshot.version >= this.current.version) this.current = snapshot;
        if (this.loading?.promise === promise) this.loading = undefined;
        return snapshot;
      },
      (error: unknown) => {
        if (this.loading?.promise === promise) this.loading = undefined;
        throw error;
      },
    );
    this.loading = { version, promise };
    return promise;
  }

  private load(): Promise<PriceSnapshot> {
    return this.db.transaction(
      async (tx) => {
        const version = await repository.readVersion(tx);
        const customer = await loadCustomerPricing(tx);
        const lists = await loadPriceLists(tx, new Set(customer.breaks.keys()));
        const rates = await loadRates(tx);
        const tax = await loadTaxData(tx);
        const shipMethods = await loadShipMethods(tx);
        for (const item of lists.items.values()) {
          item.resolvedBreaks =
            customer.breaks.get(itemScheduleKey(item.salesItemNumber)) ??
            customer.breaks.get(familyScheduleKey(item.familyId)) ??
            null;
        }
        return { version, ...lists, ...customer, rates, ...tax, shipMethods };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }
}
