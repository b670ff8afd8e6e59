/**
 * What a family offers, derived from its released sales items: the facet values buyers filter by (in
 * display order) and the commercial variants with their price ranges and the facets that vary in them.
 */
import {
  CABLE_PLUG_TYPES,
  FACETS,
  type FacetKey,
  type FacetValue,
  FEEDBACKS,
  facetValueLabel,
  PROTECTION_CLASSES,
} from './facets.ts';
import type { CommercialVariant, FamilyFacet, SalesItem } from './sales-items.ts';

export function familyImageUrl(imageBaseUrl: string, familyId: string): string {
  return `${imageBaseUrl}/${encodeURIComponent(familyId)}.svg`;
}

export function variantImageUrl(imageBaseUrl: string, familyId: string, variantId: string): string {
  return `${familyImageUrl(imageBaseUrl, familyId)}?variant=${encodeURIComponent(variantId)}`;
}

const TEXT_ORDER: Partial<Record<FacetKey, readonly string[]>> = {
  feedback: FEEDBACKS,
  protectionClass: PROTECTION_CLASSES,
  cablePlugType: CABLE_PLUG_TYPES,
};

const collator = new Intl.Collator('en', { numeric: true });

function compareValues(key: FacetKey, a: FacetValue, b: FacetValue): number {
  if (typeof a !== 'string' && typeof b !== 'string') return a.value - b.value;
  const order = TEXT_ORDER[key];
  const labelA = facetValueLabel(a);
  const labelB = facetValueLabel(b);
  if (order) return order.indexOf(labelA) - order.indexOf(labelB);
  return collator.compare(labelA, labelB);
}

export function familyFacets(usedFacets: readonly FacetKey[], items: readonly SalesItem[]): FamilyFacet[] {
  const seen = new Map<FacetKey, Map<string, FacetValue>>();
  for (const key of usedFacets) seen.set(key, new Map());
  for (const item of items) {
    for (const [key, values] of seen) {
      const value = item.configuration[key];
      if (value === undefined) continue;
      const label = facetValueLabel(value);
      if (!values.has(label)) values.set(label, value);
    }
  }
  return FACETS.filter((definition) => seen.has(definition.key)).map((definition) => ({
    key: definition.key,
    displayName: definition.displayName,
    numeric: definition.numeric,
    unit: definition.unit,
    scope: definition.scope,
    values: [...(seen.get(definition.key)?.values() ?? [])].sort((a, b) =>
      compareValues(definition.key, a, b),
    ),
  }));
}

export function commercialVariants(
  familyId: string,
  variants: readonly { id: string; name: string }[],
  items: readonly SalesItem[],
  imageBaseUrl: string,
): CommercialVariant[] {
  const result: CommercialVariant[] = [];
  for (const variant of variants) {
    const members = items.filter((item) => item.commercialVariantId === variant.id);
    const first = members[0];
    if (!first) continue; // a variant without released items is not offered
    const varying = new Set<FacetKey>();
    let min = first.grossPrice;
    let max = first.grossPrice;
    for (const item of members) {
      min = Math.min(min, item.grossPrice);
      max = Math.max(max, item.grossPrice);
      for (const [key, value] of Object.entries(item.configuration) as [FacetKey, FacetValue][]) {
        if (varying.has(key)) continue;
        const reference = first.configuration[key];
        if (reference === undefined || facetValueLabel(reference) !== facetValueLabel(value))
          varying.add(key);
      }
    }
    result.push({
      id: variant.id,
      familyId,
      name: variant.name,
      configurationInternalNames: FACETS.map((facet) => facet.key).filter((key) => varying.has(key)),
      imageUrl: variantImageUrl(imageBaseUrl, familyId, variant.id),
      salesItemCount: members.length,
      grossPriceRange: { min, max },
    });
  }
  return result;
}
