import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/*
 * In-process answers with a time to live, for platform answers many pages of one server ask for again
 * within seconds (issue #24: the platform's CPU per page). Callers choose the key, and with it who may
 * share an answer: see visibility.ts. The promise is what is kept, so a load in flight is shared by the
 * callers that ask for the same key meanwhile; a failed load is dropped (the next caller asks again).
 */
export class TtlCache<V> {
  private readonly entries: LRUCache<string, Promise<V>>;

  /** An answer is kept for `ttlMs` and stale once more than that has passed on `now`'s clock. */
  constructor(ttlMs: number, maxEntries = 5_000, now: () => number = () => Date.now()) {
    // ttlResolution 0: read the clock on every look-up rather than lru-cache's timer-cached one.
    this.entries = new LRUCache({ max: maxEntries, ttl: ttlMs, ttlResolution: 0, perf: { now } });
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const value = load();
    this.entries.set(key, value);
    value.catch(() => {
      if (this.entries.peek(key) === value) this.entries.delete(key);
    });
    return value;
  }

  /** Forgets every entry whose key starts with `prefix` (e.g. one token's answers after a change). */
  forget(prefix: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** A token's cache key: a hash, so the cache never holds usable tokens as keys. */
export function tokenKey(token: string): string {
  return createHash('sha256').update(token).digest('base64url').slice(0, 32);
}
