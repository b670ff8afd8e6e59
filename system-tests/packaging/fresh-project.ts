import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string }>;
};

/**
 * The version the root package-lock installs (hoisted, or under the workspace that uses it), so a fresh
 * project's `npm install --prefer-offline` is served by the npm cache the root `npm ci` filled.
 */
export function lockedVersion(name: string): string {
  for (const folder of ['', 'packages/checkout/', 'apps/storefront/']) {
    const version = lock.packages[`${folder}node_modules/${name}`]?.version;
    if (version) return version;
  }
  throw new Error(`${name} is not in package-lock.json`);
}

/**
 * The environment without npm's own `npm_*` variables (set by `npm test`, e.g. the workspace) and
 * without the test runner's (`NODE_ENV=test` would make `next build` compile development JSX).
 */
const cleanEnv = (extra: Record<string, string> = {}) => ({
  ...Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(npm_|vitest)/i.test(name) && name !== 'NODE_ENV' && name !== 'TEST',
    ),
  ),
  NEXT_TELEMETRY_DISABLED: '1',
  ...extra,
});

/** Runs a command to its end; rejects with its last output lines when it fails. */
export function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  return new Promise<string>((done, fail) => {
    const child = spawn(command, args, { cwd, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0
        ? done(output)
        : fail(new Error(`${command} ${args.join(' ')} failed (${code}) in ${cwd}:\n${output.slice(-3000)}`)),
    );
  });
}

/** `npm pack -w @actuate/checkout` into `destination`; the tarball's path and its file list. */
export async function packCheckout(destination: string): Promise<{ tarball: string; files: string[] }> {
  const output = await run(
    'npm',
    ['pack', '-w', '@actuate/checkout', '--json', '--pack-destination', destination],
    ROOT,
  );
  // `prepack` may print build lines before the JSON.
  const [packed] = JSON.parse(output.slice(output.indexOf('['))) as {
    filename: string;
    files: { path: string }[];
  }[];
  if (!packed) throw new Error('npm pack reported nothing');
  return { tarball: join(destination, packed.filename), files: packed.files.map((file) => file.path) };
}

/**
 * A fixture copied into a fresh folder under the OS temp dir (outside the workspace: no hoisted
 * node_modules, no workspace links), with the tarball and `dependencies` installed from the registry
 * (the npm cache first).
 */
export async function freshProject(
  fixture: string,
  tarball: string,
  dependencies: Record<string, string>,
): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), `actuate-${fixture}-`));
  cpSync(join(import.meta.dirname, 'fixtures', fixture), folder, { recursive: true });
  const manifestFile = join(folder, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  manifest.dependencies = { '@actuate/checkout': `file:${tarball}`, ...dependencies };
  writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], folder);
  return folder;
}
