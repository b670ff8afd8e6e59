import type { Database, Executor, RequestContext } from '@actuate/service-kit';
import { sql } from 'drizzle-orm';
import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { Statement } from './statements.ts';

/**
 * Generation counters of what instances cache in memory: every write to the cached rows bumps the
 * counter in the same transaction, and a cache answers only while its counter is what the request
 * read. Instances stay stateless: a write is seen by every instance from the next request on.
 */
export const cacheGenerations = pgTable('cache_generations', {
  name: text('name').primaryKey(),
  generation: bigint('generation', { mode: 'number' }).notNull(),
});

/**
 * `catalog`: products, catalogs, categories, specs, facets and their assignments (product index);
 * `buyers`: buyer companies (DefaultCatalogID); `user-groups`: group memberships;
 * `price-schedules`; `webhooks`; `token-revocations`: users whose tokens were revoked.
 */
export type GenerationName =
  | 'catalog'
  | 'buyers'
  | 'user-groups'
  | 'price-schedules'
  | 'webhooks'
  | 'token-revocations';

/**
 * Moves counter `name` on and answers its new value. The row stays locked until the transaction
 * ends, so writers of one counter commit in the order of their values.
 */
export async function nextGeneration(tx: Executor, name: GenerationName): Promise<number> {
  const [row] = await tx
    .insert(cacheGenerations)
    .values({ name, generation: 1 })
    .onConflictDoUpdate({
      target: cacheGenerations.name,
      set: { generation: sql`${cacheGenerations.generation} + 1` },
    })
    .returning({ generation: cacheGenerations.generation });
  return row?.generation ?? 1;
}

export async function bumpGeneration(tx: Executor, name: GenerationName): Promise<void> {
  await nextGeneration(tx, name);
}

/** All counters in one statement (prepared: it runs once per request that uses a cache). */
const allGenerations = new Statement('cache_generations_all', (db) =>
  db.select({ name: cacheGenerations.name, generation: cacheGenerations.generation }).from(cacheGenerations),
);

/** The counters as one request sees them: read once, on first use, for every cache the request touches. */
export class Generations {
  private readonly perRequest = new WeakMap<RequestContext, Promise<Map<string, number>>>();

  constructor(private readonly db: Database) {}

  async of(context: RequestContext, name: GenerationName): Promise<number> {
    let read = this.perRequest.get(context);
    if (!read) {
      read = allGenerations
        .execute(this.db, {})
        .then((rows) => new Map(rows.map((row) => [row.name, row.generation])));
      this.perRequest.set(context, read);
      // A failed read is not remembered: the request fails, and a retry reads again.
      read.catch(() => this.perRequest.delete(context));
    }
    return (await read).get(name) ?? 0;
  }

  bump(tx: Executor, name: GenerationName): Promise<void> {
    return bumpGeneration(tx, name);
  }

  /** Runs `work` in a transaction that also moves counter `name`, so no instance keeps what it changed. */
  writing<T>(name: GenerationName, work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const result = await work(tx);
      await bumpGeneration(tx, name);
      return result;
    });
  }
}

/**
 * Values derived from rows under one generation counter, per key, for as long as the counter stays
 * where the request read it. Bounded: past `maxEntries` it starts afresh.
 */
export class GenerationCache<Key, Value> {
  private generation = -1;
  private readonly entries = new Map<Key, Value>();

  constructor(
    private readonly generations: Generations,
    private readonly name: GenerationName,
    private readonly maxEntries = 10_000,
  ) {}

  async get(context: RequestContext, key: Key, load: () => Promise<Value>): Promise<Value> {
    const generation = await this.generations.of(context, this.name);
    if (generation !== this.generation) {
      // A request that read an older counter (still in flight) must not refill with what it loads.
      if (generation < this.generation) return load();
      this.generation = generation;
      this.entries.clear();
    }
    if (this.entries.has(key)) return this.entries.get(key) as Value;
    const value = await load();
    // Loaded after the counter was read: at least as new as it. Unless another request moved it on.
    if (this.generation === generation) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, value);
    }
    return value;
  }
}
