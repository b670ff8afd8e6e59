import { createHash } from 'node:crypto';

/*
 * A small in-process cache with a time to live, for platform answers many pages of one server ask for
 * again within seconds (issue #24: the platform's CPU per page). Callers choose the key, and with it
 * who may share an answer: see visibility.ts. A load in flight is shared by the callers that ask for the
 * same key meanwhile; a failed load is not kept (the next caller asks the platform again).
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { expires: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5_000,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const time = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > time) return hit.value;
    if (hit) this.entries.delete(key);
    // Bounded memory: when full, the oldest entries go first (Map keeps insertion order).
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    const value = load();
    const entry = { expires: time + this.ttlMs, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /** Forgets every entry whose key starts with `prefix` (e.g. one token's answers after a change). */
  forget(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
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
