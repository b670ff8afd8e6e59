import type { ListFacet } from 'ordercloud-javascript-sdk';

/*
 * Facet definitions as the platform reports them in `Meta.Facets` (Name, XpPath, xp.Scope/Unit):
 * the configurator's choices are the `Configuration` facets, the specifications all `Facets.*` ones.
 */

export interface FacetInfo {
  /** Key inside `xp.Facets` (e.g. `strokeLength`). */
  readonly key: string;
  readonly name: string;
  readonly xpPath: string;
  readonly scope: string;
  readonly unit?: string;
}

export function facetInfo(facet: ListFacet): FacetInfo | undefined {
  const path = facet.XpPath ?? '';
  const match = /^Facets\.([A-Za-z0-9_]+)(\.value)?$/.exec(path);
  const xp = (facet.xp ?? {}) as { Scope?: string; Unit?: string | null };
  if (!match?.[1]) return undefined;
  return {
    key: match[1],
    name: facet.Name ?? match[1],
    xpPath: path,
    scope: xp.Scope ?? 'SalesItem',
    ...(xp.Unit ? { unit: xp.Unit } : {}),
  };
}

/** The label of a facet count value (`300` + unit mm → `300 mm`). */
export function facetValueLabel(value: string, unit?: string | null): string {
  return unit ? `${value} ${unit}` : value;
}
