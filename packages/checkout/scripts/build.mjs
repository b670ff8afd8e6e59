// `npm run build -w @actuate/checkout`: the published package's dist/ (see README "Build").
//   dist/esm/          ES modules (index, react, lazy chunks) with source maps, React as a peer
//   dist/types/        the .d.ts declarations
//   dist/checkout.css  the stylesheet
//   dist/standalone/   actuate-checkout.min.js (IIFE, Preact inside) and actuate-checkout.min.css
//   dist/integrity.json  sha384 subresource-integrity hashes of the two standalone files
// `--if-stale` skips the build when dist/integrity.json is newer than every input (npm start, tests).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const PACKAGE_ROOT = resolve(import.meta.dirname, '..');
const dist = join(PACKAGE_ROOT, 'dist');
export const INTEGRITY_FILE = join(dist, 'integrity.json');
const INPUTS = ['src', 'package.json', 'vite.config.ts', 'tsconfig.json', 'tsconfig.build.json', 'scripts'];

const newestMtime = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), 0);
};

/** Whether dist/ is missing or older than a source, the build config or this script. */
export function isStale() {
  if (!existsSync(INTEGRITY_FILE)) return true;
  const built = statSync(INTEGRITY_FILE).mtimeMs;
  return INPUTS.some((input) => newestMtime(join(PACKAGE_ROOT, input)) > built);
}

/** `sha384-…` of a file, as a `<script integrity>` attribute wants it. */
const sri = (path) => `sha384-${createHash('sha384').update(readFileSync(path)).digest('base64')}`;

export async function buildCheckout(log = console.log) {
  // Always a production build, whatever the caller runs under (a test runner sets NODE_ENV=test, with
  // which the React plugin would emit development JSX, `jsxDEV`, that production React lacks).
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  const configFile = join(PACKAGE_ROOT, 'vite.config.ts');
  rmSync(dist, { recursive: true, force: true });
  // One after another: every mode empties only its own outDir, and the 2-core CI gains nothing from overlap.
  for (const mode of ['esm', 'standalone', 'css'])
    await build({ configFile, mode, root: PACKAGE_ROOT, logLevel: 'warn' });
  const cssDir = join(dist, 'css');
  const cssFile = readdirSync(cssDir).find((file) => file.endsWith('.css'));
  if (!cssFile) throw new Error('the css build wrote no stylesheet');
  copyFileSync(join(cssDir, cssFile), join(dist, 'checkout.css'));
  copyFileSync(join(cssDir, cssFile), join(dist, 'standalone', 'actuate-checkout.min.css'));
  rmSync(cssDir, { recursive: true });
  log('Declarations (tsc -p tsconfig.build.json)…');
  execFileSync(process.execPath, [tscPath(), '-p', join(PACKAGE_ROOT, 'tsconfig.build.json')], {
    cwd: PACKAGE_ROOT,
    stdio: 'inherit',
  });
  const { version } = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8'));
  const integrity = {
    version,
    'actuate-checkout.min.js': sri(join(dist, 'standalone', 'actuate-checkout.min.js')),
    'actuate-checkout.min.css': sri(join(dist, 'standalone', 'actuate-checkout.min.css')),
  };
  // Written last: its presence (and mtime) marks a complete build.
  writeFileSync(INTEGRITY_FILE, `${JSON.stringify(integrity, null, 2)}\n`);
  log(`@actuate/checkout ${version} built into ${dist}`);
  return integrity;
}

const tscPath = () => join(resolve(PACKAGE_ROOT, '../..'), 'node_modules', 'typescript', 'bin', 'tsc');

/** Builds unless dist/ is up to date; returns whether it built. */
export async function buildCheckoutIfStale(log = console.log) {
  if (!isStale()) return false;
  log('Building @actuate/checkout (dist/ is missing or older than its sources)…');
  await buildCheckout(log);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--if-stale')) await buildCheckoutIfStale();
  else await buildCheckout();
}
