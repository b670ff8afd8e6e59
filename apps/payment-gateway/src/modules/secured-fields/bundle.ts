import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

// Literal paths (not built from a folder constant), so tools that follow imports see both entries.
/** Our widget's frame script: `packages/checkout/src/secured-fields`, built here so frames and widget share one source. */
export const FRAME_ENTRY = fileURLToPath(
  new URL('../../../../../packages/checkout/src/secured-fields/frame.ts', import.meta.url),
);

/** The frame script that speaks the official @adyen/adyen-web library's protocol (same folder). */
export const ADYEN_WEB_FRAME_ENTRY = fileURLToPath(
  new URL('../../../../../packages/checkout/src/secured-fields/adyen-web-frame.ts', import.meta.url),
);

export interface FrameBundle {
  code: string;
  /** Content hash, used in the script URL so browsers may cache it for good. */
  hash: string;
}

/** Both frame scripts: ours (`widget`) and the one for the official library (`adyenWeb`). */
export interface FrameBundles {
  widget: FrameBundle;
  adyenWeb: FrameBundle;
}

async function bundle(entry: string): Promise<FrameBundle> {
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
  if (!code) throw new Error(`frame script bundle ${entry} is empty`);
  return { code, hash: createHash('sha256').update(code).digest('hex').slice(0, 16) };
}

/** Bundles both frame scripts (with jose's browser build) once, at start-up. */
export async function bundleFrameScripts(): Promise<FrameBundles> {
  const [widget, adyenWeb] = await Promise.all([bundle(FRAME_ENTRY), bundle(ADYEN_WEB_FRAME_ENTRY)]);
  return { widget, adyenWeb };
}
