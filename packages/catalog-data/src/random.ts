/**
 * Seeded randomness. The generator must give byte-identical output for the same options, so it
 * never touches Math.random: every random choice comes from a mulberry32 stream. Each part of
 * the world draws from its own stream (derived from the seed and a label), so adding a draw in one
 * part never shifts the values of another.
 */

/** A deterministic pseudo-random source. */
export interface Random {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** true with the given probability. */
  chance(probability: number): boolean;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
}

/** mulberry32: tiny, fast, good enough for demo data; the state is one 32-bit integer. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function createRandom(seed: number): Random {
  const next = mulberry32(seed);
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new RangeError('pick() needs a non-empty array');
      return items[Math.floor(next() * items.length)] as T;
    },
  };
}

/** FNV-1a 32-bit hash of a string: turns labels into stream seeds. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** An independent stream for one part of the world ("items:HD60", "lifecycle", …). */
export function randomStream(seed: number, label: string): Random {
  return createRandom((hashString(label) ^ Math.imul(seed >>> 0, 0x9e3779b1)) >>> 0);
}

/**
 * A stable version-4-shaped GUID for a key, independent of the seed: CRM ids look like the GUIDs
 * a real CRM hands out, yet every app that seeds from the same world agrees on them.
 */
export function stableGuid(key: string): string {
  const next = mulberry32(hashString(`guid:${key}`));
  const bytes: number[] = [];
  for (let i = 0; i < 16; i++) bytes.push(Math.floor(next() * 256));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Picks `count` distinct elements in a seeded order (partial Fisher–Yates on a copy), so a
 * sample of a large candidate list costs O(count) swaps.
 */
export function sample<T>(random: Random, items: readonly T[], count: number): T[] {
  const pool = items.slice();
  const take = Math.min(count, pool.length);
  for (let i = 0; i < take; i++) {
    const j = random.int(i, pool.length - 1);
    const swap = pool[i] as T;
    pool[i] = pool[j] as T;
    pool[j] = swap;
  }
  return pool.slice(0, take);
}
