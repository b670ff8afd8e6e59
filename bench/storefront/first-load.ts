/**
 * First-load JavaScript of a Next.js (App Router) production build: the chunks a page needs before
 * it is interactive, gzipped at level 9 and summed (the storefront bench and the framework floor).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';

/** The target "130 KB gzip", KB = 1000 bytes (as Next.js printed kB). */
export const FIRST_LOAD_TARGET_BYTES = 130_000;

export interface Chunk {
  file: string;
  bytes: number;
  gzip: number;
}

export interface FirstLoad {
  chunks: Chunk[];
  bytes: number;
  gzip: number;
}

interface BuildManifest {
  polyfillFiles: string[];
  rootMainFiles: string[];
}

/** Measuring functions over one build folder (`.next`, `.next-bench`, …). */
export function firstLoadOfBuild(buildDir: string) {
  const chunkCache = new Map<string, Chunk>();
  /** A chunk by its path under the build folder (read from disk: the bytes `next start` serves). */
  const chunk = (file: string): Chunk => {
    const cached = chunkCache.get(file);
    if (cached) return cached;
    const data = readFileSync(join(buildDir, file));
    const result = { file, bytes: data.length, gzip: gzipSync(data, { level: 9 }).length };
    chunkCache.set(file, result);
    return result;
  };

  const sumChunks = (files: Iterable<string>): FirstLoad => {
    const chunks = [...new Set(files)].map(chunk).sort((a, b) => b.gzip - a.gzip);
    return {
      chunks,
      bytes: chunks.reduce((sum, c) => sum + c.bytes, 0),
      gzip: chunks.reduce((sum, c) => sum + c.gzip, 0),
    };
  };

  const buildManifest = (): BuildManifest =>
    JSON.parse(readFileSync(join(buildDir, 'build-manifest.json'), 'utf8'));

  /** Every app page route with the chunks its manifests say the first load needs. */
  const firstLoadFromManifests = (): Record<string, FirstLoad & { entries: string[] }> => {
    const { rootMainFiles } = buildManifest();
    const routes: Record<string, string> = JSON.parse(
      readFileSync(join(buildDir, 'app-path-routes-manifest.json'), 'utf8'),
    );
    const result: Record<string, FirstLoad & { entries: string[] }> = {};
    for (const [entry, route] of Object.entries(routes).sort((a, b) => a[1].localeCompare(b[1]))) {
      if (!entry.endsWith('/page') || entry.startsWith('/_global-error')) continue;
      const file = join(buildDir, 'server', 'app', `${entry}_client-reference-manifest.js`);
      if (!existsSync(file)) continue;
      const sandbox: {
        globalThis?: unknown;
        __RSC_MANIFEST?: Record<string, { entryJSFiles: Record<string, string[]> }>;
      } = {};
      sandbox.globalThis = sandbox;
      runInNewContext(readFileSync(file, 'utf8'), sandbox);
      const manifest = sandbox.__RSC_MANIFEST?.[entry];
      if (!manifest) continue;
      // The layouts, not-found boundaries and page of the route; not global-error / global-not-found,
      // which only load when they render.
      const entries = Object.keys(manifest.entryJSFiles).filter(
        (key) => !key.endsWith('/global-error') && !key.endsWith('/global-not-found'),
      );
      const files = [...rootMainFiles, ...entries.flatMap((key) => manifest.entryJSFiles[key] ?? [])];
      result[route] = { ...sumChunks(files), entries };
    }
    return result;
  };

  return { buildManifest, firstLoadFromManifests, sumChunks };
}
