import { createHash } from 'node:crypto';
import { build } from 'esbuild';

export interface BrowserBundle {
  code: string;
  /** Content hash, for URLs browsers may cache for good. */
  hash: string;
}

/** One browser script (IIFE, minified) from a TypeScript entry: frame scripts and SDK simulators. */
export async function bundleBrowserScript(entry: string): Promise<BrowserBundle> {
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
