/**
 * Widget size report: builds the package (`npm run build -w @actuate/checkout`), then bundles our
 * card-only, drop-in and CSS scenarios from its dist/ (as a merchant's bundler takes the installed
 * package) and @adyen/adyen-web's the same way, in the same run (Vite production build, minified ESM,
 * one entry per scenario), measures the shipped standalone file and stylesheet as they are, and
 * writes gzip sizes to results.json and REPORT.md.
 *
 *   npx tsx bench/widget-size/measure.ts   (from the repository root)
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const checkoutPackage = join(root, 'packages/checkout');
const work = join(here, '.work');

// Vite and its React plugin are devDependencies of packages/checkout; resolve them from there.
const requireFromCheckout = createRequire(join(checkoutPackage, 'package.json'));
const { build } = (await import(
  pathToFileURL(requireFromCheckout.resolve('vite')).href
)) as typeof import('vite');
const react = (await import(pathToFileURL(requireFromCheckout.resolve('@vitejs/plugin-react')).href))
  .default as () => unknown;
// The standalone build's aliases (react → preact/compat…) and the build config itself, exactly as
// packages/checkout/vite.config.ts has them.
const checkoutConfig = (await import(
  pathToFileURL(join(checkoutPackage, 'vite.config.ts')).href
)) as typeof import('../../packages/checkout/vite.config.ts');
const { standaloneAliases, standaloneLocaleAlias } = checkoutConfig;
const preactVersion = JSON.parse(readFileSync(requireFromCheckout.resolve('preact/package.json'), 'utf8'))
  .version as string;
// Resolve the package root, then take its ESM build ("import" condition), as a merchant's bundler would.
const adyenCjsEntry = createRequire(join(root, 'apps/payment-gateway/package.json')).resolve(
  '@adyen/adyen-web',
);
const adyenRoot = adyenCjsEntry.slice(0, adyenCjsEntry.lastIndexOf('/dist/'));
const adyenEntry = join(adyenRoot, 'dist/es/index.js');
const adyenVersion = JSON.parse(readFileSync(join(adyenRoot, 'package.json'), 'utf8')).version as string;

interface Scenario {
  id: string;
  label: string;
  source: string;
  /** React stays a peer (external) or is bundled (standalone). */
  reactExternal: boolean;
  /** Bundled with the standalone build's aliases: preact/compat in place of React. */
  preact?: boolean;
  target?: number;
}

// The package build, the same run: dist/ is what the tarball and the gateway's SDK URLs hold.
const { buildCheckout } = (await import(pathToFileURL(join(checkoutPackage, 'scripts/build.mjs')).href)) as {
  buildCheckout: (log?: (line: string) => void) => Promise<unknown>;
};
await buildCheckout(() => {});
const dist = join(checkoutPackage, 'dist');
const ours = pathToFileURL(join(dist, 'esm/index.js')).pathname;
const scenarios: Scenario[] = [
  {
    id: 'ours-card-peer',
    label: 'Actuate card-only (React peer)',
    source: `export { createCheckout, Card } from '${ours}';`,
    reactExternal: true,
    target: 45,
  },
  {
    id: 'ours-card-standalone',
    label: 'Actuate card-only (standalone, preact/compat included)',
    source: `export { createCheckout, Card } from '${ours}';`,
    reactExternal: false,
    preact: true,
    target: 80,
  },
  {
    id: 'ours-card-standalone-react',
    label: 'Actuate card-only (standalone with React 19 included, the previous build)',
    source: `export { createCheckout, Card } from '${ours}';`,
    reactExternal: false,
  },
  {
    id: 'ours-dropin-peer',
    label: 'Actuate drop-in + card, initial (React peer)',
    source: `export { createCheckout, Dropin, Card } from '${ours}';`,
    reactExternal: true,
    target: 60,
  },
  {
    id: 'ours-dropin-catalogue-peer',
    label: 'Actuate drop-in + card + every other method (lazy catalogue), initial (React peer)',
    source: `export { createCheckout, Dropin, Card, paymentMethodCatalogue } from '${ours}';`,
    reactExternal: true,
    target: 60,
  },
  {
    id: 'ours-dropin-standalone',
    label: 'Actuate drop-in + card, initial (standalone, preact/compat included)',
    source: `export { createCheckout, Dropin, Card } from '${ours}';`,
    reactExternal: false,
    preact: true,
  },
  {
    id: 'ours-everything-peer',
    label: 'Actuate whole package incl. custom card, 3DS2, React bindings (React peer)',
    source: `export * from '${ours}'; export * from '${pathToFileURL(join(dist, 'esm/react.js')).pathname}';`,
    reactExternal: true,
  },
  {
    id: 'react-runtime',
    label: 'React 19 runtime alone (react + react-dom/client)',
    source: `export { createElement } from 'react'; export { createRoot } from 'react-dom/client';`,
    reactExternal: false,
  },
  {
    id: 'preact-runtime',
    label: `Preact ${preactVersion} runtime alone (the same imports through the standalone aliases)`,
    source: `export { createElement } from 'react'; export { createRoot } from 'react-dom/client';`,
    reactExternal: false,
    preact: true,
  },
  {
    id: 'adyen-card',
    label: `@adyen/adyen-web ${adyenVersion} card-only (Preact included)`,
    source: `export { AdyenCheckout, Card } from '${adyenEntry}';`,
    reactExternal: true,
  },
  {
    id: 'adyen-dropin',
    label: `@adyen/adyen-web ${adyenVersion} drop-in + card`,
    source: `export { AdyenCheckout, Dropin, Card } from '${adyenEntry}';`,
    reactExternal: true,
  },
];

const gzip = (code: string | Uint8Array) => gzipSync(code, { level: 9 }).length;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

interface Output {
  type: 'chunk' | 'asset';
  fileName: string;
  code?: string;
  source?: string | Uint8Array;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  moduleIds?: string[];
}

/** What a lazy chunk holds: the payment-method folders (or shared internals, or a locale) in it. */
function lazyChunkName(output: Output): string {
  const parts = new Set<string>();
  for (const id of output.moduleIds ?? []) {
    const method = /\/src\/components\/(internal\/)?([^/]+)\//.exec(id);
    const locale = /\/i18n\/locales\/([^/.]+)\./.exec(id);
    const library = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id);
    // The package's own build names its chunks after their first module: `dist/esm/chunks/fr-FR-<hash>.js`.
    const built = /\/dist\/esm\/chunks\/(.+)-[\w-]{8}\.js$/.exec(id)?.[1];
    if (method) parts.add(method[1] ? `internal/${method[2]}` : (method[2] ?? ''));
    else if (locale) parts.add(`locale ${locale[1]}`);
    else if (built) parts.add(/^[a-z]{2}(-[A-Z]{2})?$/.test(built) ? `locale ${built}` : built);
    else if (library) parts.add(`library ${library[1]}`);
  }
  return parts.size ? [...parts].sort().join(' + ') : output.fileName;
}

/** Minified size and gzip size of what the entry loads before any dynamic import. */
async function measure(scenario: Scenario) {
  const entry = join(work, `${scenario.id}.ts`);
  writeFileSync(entry, `${scenario.source}\n`);
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    root: work,
    plugins: [react()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    // Bundled React or Preact means a standalone build: its locales come from the gateway, not chunks.
    ...(scenario.preact
      ? { resolve: { alias: standaloneAliases } }
      : scenario.reactExternal
        ? {}
        : { resolve: { alias: [standaloneLocaleAlias] } }),
    build: {
      write: false,
      // An application-style build, not library mode: Vite keeps whitespace in library ES output (to
      // keep pure annotations), which a merchant's own production build would remove.
      minify: true,
      modulePreload: false,
      rolldownOptions: {
        input: entry,
        preserveEntrySignatures: 'exports-only',
        external: scenario.reactExternal ? [/^react($|\/)/, /^react-dom($|\/)/] : [],
      },
    },
  } as never);
  const outputs = ((Array.isArray(result) ? result[0] : result) as { output: Output[] }).output;
  const byName = new Map(outputs.map((output) => [output.fileName, output]));
  const initial = new Set<string>();
  const visit = (name: string) => {
    if (initial.has(name)) return;
    initial.add(name);
    for (const imported of byName.get(name)?.imports ?? []) visit(imported);
  };
  for (const output of outputs) if (output.type === 'chunk' && output.isEntry) visit(output.fileName);
  const initialCode = [...initial].map((name) => byName.get(name)?.code ?? '').join('\n');
  const lazy = outputs.filter((output) => output.type === 'chunk' && !initial.has(output.fileName));
  return {
    ...scenario,
    minBytes: Buffer.byteLength(initialCode),
    gzipBytes: gzip(initialCode),
    lazyChunks: lazy.length,
    lazyGzipBytes: lazy.reduce((sum, output) => sum + gzip(output.code ?? ''), 0),
    lazyDetails: lazy
      .map((output) => ({ name: lazyChunkName(output), gzipBytes: gzip(output.code ?? '') }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** Both stylesheets minified by the same Vite CSS pipeline. */
async function measureCss(id: string, label: string, file: string, target?: number) {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    root: work,
    build: { write: false, cssMinify: true, rolldownOptions: { input: { [id]: file } } },
  } as never);
  const outputs = ((Array.isArray(result) ? result[0] : result) as { output: Output[] }).output;
  const css = outputs
    .filter((output) => output.fileName.endsWith('.css'))
    .map((output) => String(output.source))
    .join('\n');
  return {
    id,
    label,
    minBytes: Buffer.byteLength(css),
    gzipBytes: gzip(css),
    lazyChunks: 0,
    lazyGzipBytes: 0,
    ...(target ? { target } : {}),
  };
}

/** A file of the package build as it ships (the standalone script, the stylesheet). */
function measureFile(id: string, label: string, file: string, target?: number) {
  const code = readFileSync(file);
  return {
    id,
    label,
    minBytes: code.length,
    gzipBytes: gzip(code),
    lazyChunks: 0,
    lazyGzipBytes: 0,
    ...(target ? { target } : {}),
  };
}

/**
 * The standalone build without the Preact aliases, i.e. with React as before (for comparison; the
 * shipped file is measured from dist/ by measureFile).
 */
async function measureShipped(id: string, label: string, preact: boolean) {
  const config = (
    checkoutConfig.default as (env: { mode: string; command: string }) => {
      resolve?: unknown;
      build: Record<string, unknown>;
    }
  )({ mode: 'standalone', command: 'build' });
  const { resolve, ...rest } = config;
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production'; // as the CLI builds it
  const result = await build({
    ...rest,
    ...(preact ? { resolve } : { resolve: { alias: [standaloneLocaleAlias] } }),
    configFile: false,
    logLevel: 'silent',
    root: checkoutPackage,
    build: { ...config.build, write: false },
  } as never).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  const outputs = ((Array.isArray(result) ? result[0] : result) as { output: Output[] }).output;
  const code = outputs.find((output) => output.fileName === 'actuate-checkout.min.js')?.code ?? '';
  return {
    id,
    label,
    minBytes: Buffer.byteLength(code),
    gzipBytes: gzip(code),
    lazyChunks: 0,
    lazyGzipBytes: 0,
  };
}

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const results: Awaited<ReturnType<typeof measureCss>>[] = [];
for (const scenario of scenarios) results.push(await measure(scenario));
results.push(
  measureFile(
    'shipped-standalone',
    'Shipped dist/standalone/actuate-checkout.min.js (whole package, preact/compat; locales fetched from the gateway)',
    join(dist, 'standalone/actuate-checkout.min.js'),
    80,
  ),
  await measureShipped(
    'shipped-standalone-react',
    'The same file built with React 19 (the previous build)',
    false,
  ),
);
results.push(measureFile('ours-css', 'Actuate dist/checkout.css', join(dist, 'checkout.css'), 10));
results.push(
  await measureCss(
    'adyen-css',
    `@adyen/adyen-web ${adyenVersion} adyen.css`,
    join(adyenRoot, 'dist/es/adyen.css'),
  ),
);
rmSync(work, { recursive: true, force: true });

const measuredAt = new Date().toISOString();
// The sources name absolute paths of this checkout; the file keeps them relative to the repository root.
const portable = JSON.stringify({ measuredAt, results }, null, 2).replaceAll(`${root}/`, '');
writeFileSync(join(here, 'results.json'), `${portable}\n`);

const rows = results.map((result) => {
  const target = 'target' in result && result.target ? `≤ ${result.target}` : '';
  const verdict =
    'target' in result && result.target
      ? kb(result.gzipBytes) <= result.target
        ? 'meets'
        : `misses by ${kb(result.gzipBytes - result.target * 1024)} KB`
      : '';
  const lazy = result.lazyChunks ? `${result.lazyChunks} (${kb(result.lazyGzipBytes)} KB)` : '';
  return `| ${result.label} | ${kb(result.minBytes)} | **${kb(result.gzipBytes)}** | ${lazy} | ${target} | ${verdict} |`;
});
const gzipOf = (id: string) => results.find((result) => result.id === id)?.gzipBytes ?? 0;
const catalogue = results.find((result) => result.id === 'ours-dropin-catalogue-peer');
type LazyDetails = { lazyDetails?: { name: string; gzipBytes: number }[] };
const isLocale = (chunk: { name: string }) => chunk.name.startsWith('locale ');
const lazyRows = ((catalogue as LazyDetails | undefined)?.lazyDetails ?? [])
  .filter((chunk) => !isLocale(chunk))
  .map((chunk) => `| ${chunk.name} | ${kb(chunk.gzipBytes)} |`)
  .join('\n');
// Each locale file is its own chunk in the ES-module build (the card-only build has them all).
const localeChunks = (
  (results.find((result) => result.id === 'ours-card-peer') as LazyDetails | undefined)?.lazyDetails ?? []
).filter(isLocale);
const localeRows = localeChunks
  .map((chunk) => `| ${chunk.name.replace('locale ', '')} | ${kb(chunk.gzipBytes)} |`)
  .join('\n');
const localeSizes = localeChunks.map((chunk) => chunk.gzipBytes);
const reactRuntime = gzipOf('react-runtime');
const preactRuntime = gzipOf('preact-runtime');
const standaloneCard = gzipOf('ours-card-standalone');
const ourCardInStandalone = standaloneCard - preactRuntime;

writeFileSync(
  join(here, 'REPORT.md'),
  `# Widget size report

Measured ${measuredAt} by \`npx tsx bench/widget-size/measure.ts\` (from the repository root).

Method: the run first builds the package (\`npm run build -w @actuate/checkout\`); every scenario is a
one-line entry file importing the package's built ES modules (\`dist/esm\`, as a merchant's bundler takes
the installed package), built in the same run with the same Vite 8 production build (application mode, entry exports kept, minified ES modules including whitespace, production
\`NODE_ENV\`, tree-shaking on) — what a merchant's bundler produces. "Initial" is the entry chunk plus
every chunk it imports statically, i.e. what a page downloads before any method is opened; chunks
behind dynamic \`import()\` (the ${localeChunks.length} locale files other than en-US, lazily registered payment
methods) are listed separately. Sizes are KB (1024 bytes); gzip is level 9. With "React peer", \`react\` and
\`react-dom\` are external, as a merchant's bundler would share them with the page. Rows marked
"preact/compat" are built with the standalone build's own aliases (\`react\`, \`react/jsx-runtime\`,
\`react-dom\`, \`react-dom/client\` → Preact ${preactVersion}, from \`packages/checkout/vite.config.ts\`), as
\`vite build --mode standalone\` builds them. The "shipped" rows are the package's files as they are:
\`dist/standalone/actuate-checkout.min.js\` (one IIFE with every export, the file the gateway serves at
\`checkoutshopper/sdk/<version>/\`; it cannot split chunks, so it fetches a locale file from the gateway
instead of carrying any) and \`dist/checkout.css\`; the standalone is also shown built without the
aliases, i.e. with React. The reference bundles
Preact inside its own code, so its numbers include its UI runtime.

| bundle | min KB | gzip KB (initial) | lazy chunks (gzip) | target KB | verdict |
|---|---:|---:|---:|---:|---|
${rows.join('\n')}

## Reading the numbers

- **Card-only with React as a peer** is what merchants with a React app or a bundler pay:
  ${Math.round((100 * gzipOf('ours-card-peer')) / gzipOf('adyen-card'))} % of the reference's card bundle, which carries Preact inside.
- **Standalone (no bundler)** is built against \`preact/compat\` instead of React (standalone build
  only: the ES-module build keeps React as a peer and \`@actuate/checkout/react\` stays React). The
  card-only standalone bundle is ${kb(standaloneCard)} KB gzip, ${kb(80 * 1024 - standaloneCard)} KB under the 80 KB budget; with React 19 it
  was ${kb(gzipOf('ours-card-standalone-react'))} KB, because React alone is ${kb(reactRuntime)} KB against ${kb(preactRuntime)} KB for Preact, its hooks, compat
  layer and the \`createRoot\` shim. Our card code is ${kb(ourCardInStandalone)} KB of the bundle. The file actually shipped,
  which also carries the drop-in, custom card and every payment method of the catalogue (an IIFE cannot
  load chunks on demand, so every \`import()\` is inlined; locales other than en-US are fetched, one file of
  the sizes below), is ${kb(gzipOf('shipped-standalone'))} KB
  (${kb(gzipOf('shipped-standalone-react'))} KB with React), held to the 80 KB budget: ${
    gzipOf('shipped-standalone') <= 80 * 1024
      ? 'met.'
      : `missed by ${kb(gzipOf('shipped-standalone') - 80 * 1024)} KB since the wallets, Click to Pay and the
  buy-now-pay-later widgets joined the catalogue; the way back is to load methods on demand in the
  standalone too (as separate scripts from the gateway), which is the performance work still open.`
  }
- **What the switch to Preact costs** (found with the browser tests on the standalone build, which
  cover the CSP page, validation with focus and announcement, axe, keyboard-only payment, a masked
  field, refusal and retry, fingerprint and challenge, drop-in with challenge and two cards on one
  page; all of them pass on the Preact build and on the previous React build):
  (1) Preact's \`useId\` restarts at \`P0-0\` in every render root, so two mounted components repeated
  label, error-text and form ids; the standalone \`react\` (\`src/standalone-react.ts\`) replaces it with a
  page-wide counter (ids read \`actuate-3\` instead of React's \`_r_3_\`). (2) Preact re-renders a
  controlled input only when its state changes, so a character a masked field rejected (CPF/CNPJ,
  Korean tax number) stayed visible without being sent; \`TextInput\`'s \`format\` option now writes the
  kept value back itself, for both renderers. A new filtering input must use \`format\` too.
  (3) Timing: \`mount()\` renders synchronously, and effects (creating the secured-field frames, focus)
  run after the next animation frame (at most about 35 ms; later in a background tab, whose timers
  the browser throttles) instead of on React's scheduler. (4) An exception while rendering is thrown
  from \`mount()\` (or, on a later update, as an uncaught error) instead of being reported by React
  and the tree removed; no such exception is known. (5) No
  StrictMode or concurrent rendering in the standalone build (a page without a bundler has no React
  to wrap it in). An ad hoc run of the happy-dom component tests against preact/compat (not part of
  the suite: it needs preact's \`act\` in place of React's) passed 137 of 139; the two others were
  drop-in tests that wait one tick for the card's frames, which Preact creates one animation frame
  later, and pass with a 60 ms wait.
- **Drop-in + card, initial**: other payment methods are registered as lazy components
  (\`{ txVariants, load: () => import(...) }\`) and cost nothing until the shopper opens them. The
  "lazy chunks" column of the card and drop-in rows is mostly the locale files, one of which loads,
  and only for a shopper outside en-US.
- **Each method's lazy chunk** (drop-in + card + \`paymentMethodCatalogue\`, React peer): what the page
  downloads when the shopper opens that method. A chunk shared by several methods (an internal form
  such as the open-invoice sections) loads once, with the first of them.

| lazy chunk (folders in it) | gzip KB |
|---|---:|
${lazyRows}

- **Each locale's chunk** (ES-module build; the standalone build fetches the same JSON from
  \`checkoutshopper/sdk/<version>/translations/<locale>.json\`, uncompressed unless the gateway's
  proxy compresses it): every key of the core and of every method, so a page loads one file whatever
  methods it shows. ${localeChunks.length} files, ${kb(Math.min(...localeSizes))}–${kb(Math.max(...localeSizes))} KB gzip each.

| locale | gzip KB |
|---|---:|
${localeRows}

- **CSS** is one file themed by custom properties; the reference's \`adyen.css\` is shown for scale.
`,
);
console.log(rows.join('\n'));
