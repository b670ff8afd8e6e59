/*
 * The configurator's rules, pure: which facet values a buyer may still choose given the current
 * choices, why a value is not available, and which sales item the choices resolve to.
 *
 * A value is available when at least one *active* sales item of the family has it and agrees with
 * every other current choice. A value that is not available names its reason:
 *  - `no-active-item`: no active sales item has the value at all;
 *  - `conflicts`: the chosen values (facet keys listed) that no active item combines it with;
 *  - `combination`: each chosen value alone allows it, but not all of them together.
 * Choices are sanitized in the given facet order, so a deep link with an impossible combination
 * keeps its first consistent choices and drops the rest.
 */

export interface ConfigurableItem {
  readonly salesItemNumber: string;
  /** Facet key → display value (numeric facets by their label). */
  readonly facets: Readonly<Record<string, string>>;
  readonly active: boolean;
}

export type Choices = Readonly<Record<string, string>>;

export type Unavailability =
  | { readonly kind: 'no-active-item' }
  | { readonly kind: 'conflicts'; readonly with: readonly string[] }
  | { readonly kind: 'combination' };

export interface FacetValueOption {
  readonly value: string;
  readonly selected: boolean;
  /** Active items with this value that agree with every other choice. */
  readonly count: number;
  readonly unavailable?: Unavailability;
}

export interface FacetOptions {
  readonly key: string;
  readonly values: readonly FacetValueOption[];
  /** Every remaining item has the same value, so the facet is decided without a choice. */
  readonly implied?: string;
}

export interface ConfiguratorState {
  readonly choices: Choices;
  readonly facets: readonly FacetOptions[];
  /** Active items matching every choice. */
  readonly matches: readonly ConfigurableItem[];
  /** The one matching item, when the choices (and implied values) decide it. */
  readonly resolved?: ConfigurableItem;
}

const matchesAll = (item: ConfigurableItem, choices: Choices, except?: string) =>
  Object.entries(choices).every(([key, value]) => key === except || item.facets[key] === value);

/** Natural order: numbers by value ("50 mm" < "100 mm"), text alphabetically. */
export function compareFacetValues(a: string, b: string): number {
  const na = Number.parseFloat(a.replace(',', '.'));
  const nb = Number.parseFloat(b.replace(',', '.'));
  if (Number.isFinite(na) && Number.isFinite(nb) && na !== nb) return na - nb;
  return a.localeCompare(b, 'en', { numeric: true });
}

/** Keeps the choices (in facet order) that known values and some active item allow together. */
export function sanitizeChoices(
  items: readonly ConfigurableItem[],
  facetKeys: readonly string[],
  requested: Choices,
): Choices {
  const active = items.filter((item) => item.active);
  const kept: Record<string, string> = {};
  for (const key of facetKeys) {
    const value = requested[key];
    if (value === undefined || value === '') continue;
    const candidate = { ...kept, [key]: value };
    if (active.some((item) => matchesAll(item, candidate))) kept[key] = value;
  }
  return kept;
}

export function configure(
  items: readonly ConfigurableItem[],
  facetKeys: readonly string[],
  requested: Choices,
): ConfiguratorState {
  const active = items.filter((item) => item.active);
  const choices = sanitizeChoices(items, facetKeys, requested);
  const matches = active.filter((item) => matchesAll(item, choices));

  const facets: FacetOptions[] = [];
  for (const key of facetKeys) {
    const all = new Set<string>();
    for (const item of items) {
      const value = item.facets[key];
      if (value) all.add(value);
    }
    if (all.size === 0) continue;
    const others = Object.fromEntries(Object.entries(choices).filter(([k]) => k !== key));
    const values = [...all].sort(compareFacetValues).map((value): FacetValueOption => {
      const withValue = active.filter((item) => item.facets[key] === value);
      const count = withValue.filter((item) => matchesAll(item, others)).length;
      const selected = choices[key] === value;
      if (count > 0) return { value, selected, count };
      if (withValue.length === 0) return { value, selected, count, unavailable: { kind: 'no-active-item' } };
      const conflicting = Object.entries(others)
        .filter(([otherKey, otherValue]) => !withValue.some((item) => item.facets[otherKey] === otherValue))
        .map(([otherKey]) => otherKey);
      return {
        value,
        selected,
        count,
        unavailable:
          conflicting.length > 0 ? { kind: 'conflicts', with: conflicting } : { kind: 'combination' },
      };
    });
    const remaining = new Set(matches.map((item) => item.facets[key]).filter(Boolean));
    const implied =
      choices[key] === undefined && remaining.size === 1 && matches.length > 0
        ? [...remaining][0]
        : undefined;
    facets.push({ key, values, ...(implied ? { implied } : {}) });
  }

  const resolved = matches.length === 1 ? matches[0] : undefined;
  return { choices, facets, matches, ...(resolved ? { resolved } : {}) };
}

/** The choices that select exactly this item (its value of every facet key). */
export function choicesOf(item: ConfigurableItem, facetKeys: readonly string[]): Choices {
  return Object.fromEntries(
    facetKeys
      .map((key) => [key, item.facets[key]])
      .filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

/** Configurator choices in the URL: `?voltage=24+V&strokeLength=300+mm` (only known facet keys). */
export function choicesFromSearchParams(
  params: Readonly<Record<string, string | string[] | undefined>>,
  facetKeys: readonly string[],
): Choices {
  const choices: Record<string, string> = {};
  for (const key of facetKeys) {
    const raw = params[key];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value) choices[key] = value;
  }
  return choices;
}

export function choicesToSearch(choices: Choices, extra: Readonly<Record<string, string>> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(choices)) params.set(key, value);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The family's items as the page sends them to the browser: each facet's distinct values once, and
 * per item its number, whether it is active and the index of its value of each facet (-1: none).
 * A family of several hundred items is then a few kilobytes instead of a few hundred.
 */
export interface PackedItems {
  readonly values: readonly (readonly string[])[];
  readonly rows: readonly (readonly [salesItemNumber: string, active: 0 | 1, ...valueIndexes: number[]])[];
}

export function packItems(items: readonly ConfigurableItem[], facetKeys: readonly string[]): PackedItems {
  const values = facetKeys.map(
    (key) => [...new Set(items.map((item) => item.facets[key]).filter(Boolean))] as string[],
  );
  const rows = items.map(
    (item) =>
      [
        item.salesItemNumber,
        item.active ? 1 : 0,
        ...facetKeys.map((key, column) => {
          const value = item.facets[key];
          return value === undefined ? -1 : (values[column] as string[]).indexOf(value);
        }),
      ] as const,
  );
  return { values, rows };
}

export function unpackItems(packed: PackedItems, facetKeys: readonly string[]): ConfigurableItem[] {
  return packed.rows.map(([salesItemNumber, active, ...indexes]) => {
    const facets: Record<string, string> = {};
    facetKeys.forEach((key, column) => {
      const value = packed.values[column]?.[indexes[column] ?? -1];
      if (value !== undefined) facets[key] = value;
    });
    return { salesItemNumber, facets, active: active === 1 };
  });
}
