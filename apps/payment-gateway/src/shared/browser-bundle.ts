import { createHash } from 'node:crypto';
import { sep } from 'node:path';

export interface BrowserBundle {
  code: string;
  /** Content hash, for URLs browsers may cache for good. */
  hash: string;
}

/**
 * The browser scripts the production build (scripts/build-servers.mjs) bundled ahead of time, keyed by
 * their entry relative to the repository root, put into the server bundle by esbuild's `define`. Under
 * tsx (development, tests) it is not defined and each script is bundled on demand.
 */
declare const PREBUILT_BROWSER_SCRIPTS: Record<string, BrowserBundle> | undefined;

/** The prebuilt bundle of an entry (an absolute path), when this is the production build. */
function prebuiltBrowserScript(entry: string): BrowserBundle | undefined {
  if (typeof PREBUILT_BROWSER_SCRIPTS === 'undefined') return undefined;
  const path = entry.split(sep).join('/');
  const key = Object.keys(PREBUILT_BROWSER_SCRIPTS).find((candidate) => path.endsWith(`/${candidate}`));
  return key ? PREBUILT_BROWSER_SCRIPTS[key] : undefined;
}

/** One browser script (IIFE, minified) from a TypeScript entry: frame scripts and SDK simulators. */
export async function bundleBrowserScript(entry: string): Promise<BrowserBundle> {
  const prebuilt = prebuiltBrowserScript(entry);
  if (prebuilt) return prebuilt;
  // Loaded only here, so the production server (every script prebuilt) never loads the compiler.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text;
  if (!code) throw new Error(`browser script bundle ${entry} is empty`);
  return { code, hash: createHash('sha256').update(code).digest('hex').slice(0, 16) };
}
