import { BUYER_FACET_PRIORITY } from './facet-order';

/*
 * The facts shown under a sales item in the catalogue list: the facets that matter most to a buyer,
 * plus, for items that share a name on the page, the facets that tell them apart.
 */

export interface ListedItem {
  readonly id: string;
  readonly name: string;
  /** Facet key → display value. */
  readonly facets: Readonly<Record<string, string>>;
}

export interface ItemFact {
  readonly key: string;
  readonly value: string;
}

/** How many extra facts may tell items of one name apart. */
const MAX_DISTINGUISHING = 3;

export function itemFacts(
  items: readonly ListedItem[],
  allKeys: readonly string[],
): Map<string, readonly ItemFact[]> {
  const byName = new Map<string, ListedItem[]>();
  for (const item of items) byName.set(item.name, [...(byName.get(item.name) ?? []), item]);
  const facts = new Map<string, readonly ItemFact[]>();
  for (const item of items) {
    const shown: ItemFact[] = BUYER_FACET_PRIORITY.filter((key) => item.facets[key] !== undefined).map(
      (key) => ({ key, value: item.facets[key] as string }),
    );
    const namesakes = byName.get(item.name) ?? [];
    if (namesakes.length > 1) {
      const differing = allKeys.filter(
        (key) =>
          !shown.some((fact) => fact.key === key) &&
          new Set(namesakes.map((other) => other.facets[key] ?? '')).size > 1,
      );
      for (const key of differing.slice(0, MAX_DISTINGUISHING))
        shown.push({ key, value: item.facets[key] ?? '–' });
    }
    facts.set(item.id, shown);
  }
  return facts;
}
