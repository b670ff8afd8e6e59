import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The frame script's source: `packages/checkout/src/secured-fields`, built here so frames and widget share one source. */
export const FRAME_ENTRY = fileURLToPath(
  new URL('../../../../../packages/checkout/src/secured-fields/frame.ts', import.meta.url),
);

export interface FrameBundle {
  code: string;
  /** Content hash, used in the script URL so browsers may cache it for good. */
  hash: string;
}

/** Bundles the frame script (with jose's browser build) once, at start-up. */
export async function bundleFrameScript(): Promise<FrameBundle> {
  const result = await build({
    entryPoints: [FRAME_ENTRY],
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
  if (!code) throw new Error('frame script bundle is empty');
  return { code, hash: createHash('sha256').update(code).digest('hex').slice(0, 16) };
}
