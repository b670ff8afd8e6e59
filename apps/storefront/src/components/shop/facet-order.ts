/*
 * The order facets are offered in, by what decides a buyer's choice first: stroke, load, speed,
 * voltage and feedback, then the rest in the platform's order. Shared by the catalogue's filters
 * and the configurator.
 */

/** Facet keys (inside `xp.Facets`) that matter most to a buyer, most useful first. */
export const BUYER_FACET_PRIORITY = [
  'strokeLength',
  'maxLoadPush',
  'minimumSpeedAtFullLoad',
  'voltage',
  'feedback',
] as const;

function rank(key: string): number {
  const index = (BUYER_FACET_PRIORITY as readonly string[]).indexOf(key);
  return index === -1 ? BUYER_FACET_PRIORITY.length : index;
}

/** The keys sorted by buyer priority; keys outside the priority list keep their given order. */
export function orderFacetKeys<T>(entries: readonly T[], keyOf: (entry: T) => string): T[] {
  return entries
    .map((entry, index) => ({ entry, index, rank: rank(keyOf(entry)) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ entry }) => entry);
}
