import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleWidget, CHECKOUT_ROOT } from './widget-bundle.ts';

/** The standalone widget the gateway serves at `checkoutshopper/sdk/<version>/`. */
export interface WidgetRelease {
  /** packages/checkout/package.json's version: the one URL segment that is served. */
  version: string;
  script: Buffer;
  css: Buffer;
  /** `sha384-…` of each file, for `<script integrity>` / `<link integrity>`. */
  integrity: { script: string; css: string };
  /** `dist`: the package build, byte for byte the tarball's; `sources`: bundled here (no build yet). */
  origin: 'dist' | 'sources';
}

export const SCRIPT_FILE = 'actuate-checkout.min.js';
export const CSS_FILE = 'actuate-checkout.min.css';

const sri = (bytes: Buffer) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

function release(
  version: string,
  script: Buffer,
  css: Buffer,
  origin: WidgetRelease['origin'],
): WidgetRelease {
  return { version, script, css, integrity: { script: sri(script), css: sri(css) }, origin };
}

/**
 * The package build's standalone files when dist/ holds this version (dist/integrity.json is written
 * last, so its presence marks a complete build); otherwise, in a checkout that was never built, the
 * same entry bundled with esbuild, so the sandbox works without a build step.
 */
/** packages/checkout/package.json's version: the one `checkoutshopper/sdk/<version>/` segment served. */
export const widgetVersion = (root = CHECKOUT_ROOT): string =>
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;

export async function loadWidgetRelease(root = CHECKOUT_ROOT): Promise<WidgetRelease> {
  const version = widgetVersion(root);
  const integrityFile = join(root, 'dist', 'integrity.json');
  if (existsSync(integrityFile)) {
    const built = JSON.parse(readFileSync(integrityFile, 'utf8')) as { version?: string };
    if (built.version === version) {
      const folder = join(root, 'dist', 'standalone');
      return release(
        version,
        readFileSync(join(folder, SCRIPT_FILE)),
        readFileSync(join(folder, CSS_FILE)),
        'dist',
      );
    }
  }
  const bundle = await bundleWidget();
  return release(version, Buffer.from(bundle.script), Buffer.from(bundle.css), 'sources');
}

/** Loads once, on first use, so start-up does not wait for it (a failed load is tried again by the next request). */
export function lazyOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
