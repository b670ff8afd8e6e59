/**
 * The framework's floor: first-load JavaScript of an empty App Router page (framework-floor/: a root
 * layout and a page rendering one paragraph, no client component) built with the pinned Next.js and
 * React, counted exactly as the storefront's pages are (first-load.ts). No page of the storefront can
 * load less. Run from the repository root: `npx tsx bench/storefront/framework-floor.ts` (≈ 30 s).
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIRST_LOAD_TARGET_BYTES, firstLoadOfBuild } from './first-load.ts';

const APP = fileURLToPath(new URL('./framework-floor/', import.meta.url));
const BUILD = join(APP, '.next');
const require = createRequire(import.meta.url);
const NEXT_BIN = require.resolve('next/dist/bin/next');
const versionOf = (name: string) => (require(`${name}/package.json`) as { version: string }).version;

rmSync(BUILD, { recursive: true, force: true });
execFileSync(process.execPath, [NEXT_BIN, 'build', APP], {
  stdio: 'inherit',
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
});
const { firstLoadFromManifests } = firstLoadOfBuild(BUILD);
const page = firstLoadFromManifests()['/'];
if (!page) throw new Error('the empty page is missing from the build manifests');
const result = {
  next: versionOf('next'),
  react: versionOf('react'),
  reactDom: versionOf('react-dom'),
  firstLoadGzipBytes: page.gzip,
  firstLoadRawBytes: page.bytes,
  targetBytes: FIRST_LOAD_TARGET_BYTES,
  chunks: page.chunks.map(({ file, gzip }) => ({ file, gzip })),
};
console.log(JSON.stringify(result, null, 2));
console.log(
  `empty App Router page: ${(page.gzip / 1000).toFixed(1)} KB gzip first-load JavaScript (target for the storefront's catalogue and family pages: ≤ ${FIRST_LOAD_TARGET_BYTES / 1000} KB)`,
);
rmSync(BUILD, { recursive: true, force: true });
