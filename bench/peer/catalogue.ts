/**
 * The catalogue both sides get: sales item n (1..items) is one product with one price (100.00 EUR),
 * four facets assigned with the same formula as bench/platform/faceted-products.ts.
 */
export const FACET_VALUES = {
  voltage: ['12', '24', '36', '48'],
  feedback: ['Hall', 'Potentiometer', 'Encoder', 'None', 'Reed'],
  material: ['Steel', 'Aluminium', 'Zinc'],
  type: ['LA12', 'LA14', 'LA23', 'LA25', 'LA36', 'LA44'],
} as const;
export type FacetName = keyof typeof FACET_VALUES;
export const FACETS = Object.keys(FACET_VALUES) as FacetName[];
const SALT: Record<FacetName, number> = { voltage: 7, feedback: 13, material: 17, type: 31 };

export function facetOf(facet: FacetName, n: number): string {
  const values = FACET_VALUES[facet];
  return values[(n * SALT[facet]) % values.length] as string;
}

/** The two-facet filters the search workload cycles through (voltage × feedback: 20 combinations). */
export function searchFilter(sequence: number): { voltage: string; feedback: string } {
  return {
    voltage: FACET_VALUES.voltage[sequence % 4] as string,
    feedback: FACET_VALUES.feedback[Math.floor(sequence / 4) % 5] as string,
  };
}
