/**
 * What `react` resolves to in the standalone build only (aliased in vite.config.ts): preact/compat,
 * with one difference. The ES-module build and the React bindings keep real React.
 *
 * Preact's `useId` counts per render root (`P0-0`, `P0-1`… in every root), so two components
 * mounted on one page (each `mount()` is its own root) would share label, error-text, form and
 * 3-D Secure frame ids. React's ids are unique per page; this `useId` is too: a page-wide counter,
 * kept in state so an id is stable for the life of the component. (The standalone build is
 * client-only: ids never have to match server-rendered markup.)
 */
import { useState } from 'preact/compat';

// preact/compat's declarations are one `export =` namespace (for `import * as React`); the module
// itself is plain ES exports, which this re-exports as `react` would have them.
// @ts-expect-error TS2498: export * of an `export =` declaration
export * from 'preact/compat';

let lastId = 0;

export function useId(): string {
  const [id] = useState(() => `actuate-${++lastId}`);
  return id;
}
