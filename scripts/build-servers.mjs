// `npm run build`: compiles each Fastify app (scripts/stack.mjs APPS without the storefront) to plain
// JavaScript in apps/<app>/dist/index.js with esbuild, so the servers run on `node` without a TypeScript
// compiler. The workspace packages (@actuate/*) are bundled in; every npm package stays an import
// resolved from node_modules at run time. `--if-stale` builds only apps whose output is missing or older
// than their sources (what `npm start` does).
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
// esbuild is the payment gateway's dependency (under tsx it bundles the browser scripts on demand); the build
// uses that copy rather than declaring a second one at the root.
const { build } = createRequire(join(ROOT, 'apps', 'payment-gateway', 'package.json'))('esbuild');
/** The Fastify apps (the storefront is built by `next build`). */
const SERVER_APPS = ['platform', 'middleware', 'price-service', 'backoffice', 'payment-gateway'];

const toPosix = (path) => path.split(sep).join('/');

const newestMtime = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestMtime(join(path, entry))),
    stat.mtimeMs,
  );
};

/** The server's bundle: apps/<app>/dist/index.js. */
const serverBundle = (app) => join(ROOT, 'apps', app, 'dist', 'index.js');

/**
 * Sources a server bundle is made of: its app's src/ and package.json, every workspace package's src/, this
 * script, and package-lock.json (the gateway's prebuilt browser scripts inline npm packages).
 */
function sourcesMtime(app) {
  const packages = readdirSync(join(ROOT, 'packages')).map((name) => join(ROOT, 'packages', name, 'src'));
  return Math.max(
    newestMtime(join(ROOT, 'apps', app, 'src')),
    newestMtime(join(ROOT, 'apps', app, 'package.json')),
    ...packages.map(newestMtime),
    statSync(fileURLToPath(import.meta.url)).mtimeMs,
    newestMtime(join(ROOT, 'package-lock.json')),
  );
}

const isStale = (app) => {
  const bundle = serverBundle(app);
  return !existsSync(bundle) || statSync(bundle).mtimeMs <= sourcesMtime(app);
};

/**
 * `import.meta.url` of a bundled module becomes the URL of its source file (relative to dist/index.js,
 * so the tree may move): what the sources resolve next to themselves — each app's db/migrations,
 * packages/checkout (its dist/ and package.json) — is found where it is under tsx.
 */
function sourceUrls(outdir) {
  return {
    name: 'source-import-meta-url',
    setup(builder) {
      builder.onLoad({ filter: /\.tsx?$/ }, (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const fromDist = toPosix(relative(outdir, args.path));
        return {
          contents: text.replaceAll(
            'import.meta.url',
            `new URL(${JSON.stringify(fromDist)}, import.meta.url).href`,
          ),
          loader: args.path.endsWith('x') ? 'tsx' : 'ts',
          resolveDir: dirname(args.path),
        };
      });
    },
  };
}

/** Bare imports other than @actuate/* stay imports (node_modules); the workspace packages are bundled. */
const externalPackages = {
  name: 'external-npm-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@actuate/') || args.kind === 'entry-point') return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * The gateway's browser scripts (secured-fields frames, device-fingerprint page, SDK simulators, the
 * widget's fallback), bundled now by the same functions the server uses under tsx, for esbuild's
 * `define`: the built server serves them without bundling anything.
 */
async function gatewayDefines() {
  const { tsImport } = await import('tsx/esm/api');
  const source = (path) =>
    tsImport(pathToFileURL(join(ROOT, 'apps', 'payment-gateway', 'src', path)).href, import.meta.url);
  const [{ bundleBrowserScript }, frames, risk, { SDK_SIMULATORS }, { bundleWidget }] = await Promise.all([
    source('shared/browser-bundle.ts'),
    source('modules/secured-fields/bundle.ts'),
    source('modules/risk/page.ts'),
    source('modules/sdk-simulators/catalogue.ts'),
    source('modules/sdk-assets/widget-bundle.ts'),
  ]);
  const entries = [
    frames.FRAME_ENTRY,
    frames.ADYEN_WEB_FRAME_ENTRY,
    risk.DFP_SCRIPT_ENTRY,
    ...SDK_SIMULATORS.flatMap((simulator) => Object.values(simulator.scripts)),
  ];
  const scripts = Object.fromEntries(
    await Promise.all(
      entries.map(async (entry) => [toPosix(relative(ROOT, entry)), await bundleBrowserScript(entry)]),
    ),
  );
  return {
    PREBUILT_BROWSER_SCRIPTS: JSON.stringify(scripts),
    PREBUILT_WIDGET: JSON.stringify(await bundleWidget()),
  };
}

/** Bundles one app into apps/<app>/dist/ (index.js and its source map). */
async function buildServer(app) {
  const folder = join(ROOT, 'apps', app);
  const outdir = join(folder, 'dist');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [join(folder, 'src', 'index.ts')],
    outfile: join(outdir, 'index.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages, sourceUrls(outdir)],
    define: app === 'payment-gateway' ? await gatewayDefines() : {},
  });
}

/** Builds every server app (or only the stale ones); logs each with its time. */
async function buildServers({ ifStale = false, log = console.log } = {}) {
  for (const app of SERVER_APPS) {
    if (ifStale && !isStale(app)) continue;
    const started = performance.now();
    await buildServer(app);
    log(`Built apps/${app}/dist/index.js in ${Math.round(performance.now() - started)} ms`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServers({ ifStale: process.argv.includes('--if-stale') });
}
