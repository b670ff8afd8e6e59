/** OrderCloud's `xp`: free JSON, merged deeply by PATCH. */
export type Xp = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Deep merge as OrderCloud PATCH does it: objects merge key by key, anything else (arrays, scalars,
 * null) replaces the old value.
 */
export function mergeDeep(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(target) || !isPlainObject(patch)) return patch;
  const merged: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    merged[key] = key in merged ? mergeDeep(merged[key], value) : value;
  }
  return merged;
}

/** The entity after a PATCH: top-level fields replaced, `xp` merged deeply. */
export function applyPatch<T extends Record<string, unknown>>(current: T, patch: Record<string, unknown>): T {
  const next: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    next[key] = key === 'xp' ? mergeDeep(current.xp ?? {}, value ?? {}) : value;
  }
  // An empty xp is no extension at all, so a contract's optional xp schema accepts it.
  if (isPlainObject(next.xp) && Object.keys(next.xp).length === 0) delete next.xp;
  return next as T;
}
