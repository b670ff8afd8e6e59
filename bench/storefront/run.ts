/**
 * Performance report of the storefront: first-load JavaScript per route from the
 * production build, and Lighthouse performance and accessibility scores of the home, catalogue,
 * family and cart pages. Loopback only, bounded in time.
 *
 * What it does:
 *  1. builds the storefront into `apps/storefront/.next-bench` when that build is missing or older
 *     than its sources (`NEXT_DIST_DIR=.next-bench`, so it never touches anybody else's build);
 *  2. starts the whole stack (`startStack` of scripts/stack.mjs) on a fresh temporary data folder,
 *     seeded with the demo world, on the default ports + 50000 (storefront 53000, platform 54000,
 *     gateway 58080), every service bound to 127.0.0.1, and waits until every `/ready` answers;
 *  3. signs anna@acme-dk.example in with the platform's password grant (client `actuate-storefront`,
 *     the scopes the sign-in action asks for) and builds the storefront's session cookies from the
 *     answer as the sign-in action does (`actuate_session`, `actuate_refresh`); puts two items in
 *     her cart through the platform API (the cart page is measured with lines, not empty);
 *  4. first-load JavaScript: for every page, the HTML served by `next start` (signed in) is read and
 *     every `/_next/static/chunks/*.js` it loads (script tags, preloads and the chunks the RSC payload
 *     names for hydration; not the `noModule` polyfill, which modern browsers skip) is gzipped at level
 *     9 and summed. Every app route is also computed from the build manifests (rootMainFiles + the
 *     `entryJSFiles` of the route's client reference manifest), which covers routes without demo data;
 *  5. Lighthouse 13 (desktop preset, `lighthouse/core/config/desktop-config.js`) drives Debian
 *     Chromium headless through chrome-launcher, one fresh browser per run, BENCH_RUNS (default 3)
 *     runs per page, median reported. The signed-in pages get the cookies as an extra `Cookie` header;
 *  6. the configurator's choice-to-updated-price time (configurator-timing.ts), BENCH_CONFIGURATOR_RUNS
 *     (default 5) timed choices on the first family, medians reported;
 *  7. writes bench/storefront/results.json (the Lighthouse reports themselves under
 *     artifacts/bench-storefront/), stops the stack and deletes the data folder.
 *
 * Run from the repository root: `npx tsx bench/storefront/run.ts`
 * Settings: BENCH_RUNS (Lighthouse runs per page, default 3), BENCH_PRESET (`desktop`, default, or
 * `mobile`: Lighthouse's default mobile emulation and throttling), BENCH_TIMEOUT_MIN (whole run,
 * default 30), BENCH_READY_TIMEOUT_MIN (stack start, default 8), BENCH_OUT (results file, default
 * bench/storefront/results.json).
 */

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@actuate/test-support';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { ROOT } from '../../scripts/stack.mjs';
import {
  getHtml,
  LOCALE,
  loadAverage as load,
  log,
  median,
  platformCall,
  signIn,
  startBenchStack,
} from './bench-stack.ts';
import { measureConfiguratorTiming } from './configurator-timing.ts';
import { FIRST_LOAD_TARGET_BYTES, type FirstLoad, firstLoadOfBuild } from './first-load.ts';

const DIST_DIR = '.next-bench';
const PORT_OFFSET = 50_000;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
/** Timed configurator choices (BENCH_CONFIGURATOR_RUNS, default 5). */
const CONFIGURATOR_RUNS = Math.max(1, Number(process.env.BENCH_CONFIGURATOR_RUNS ?? 5));
const PRESET = process.env.BENCH_PRESET === 'mobile' ? 'mobile' : 'desktop';
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MIN ?? 30) * 60_000;
const READY_TIMEOUT_MS = Number(process.env.BENCH_READY_TIMEOUT_MIN ?? 8) * 60_000;
const BUYER = { username: 'anna@acme-dk.example' };
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

const STOREFRONT = join(ROOT, 'apps', 'storefront');
const BUILD = join(STOREFRONT, DIST_DIR);
const OUT = process.env.BENCH_OUT ?? join(ROOT, 'bench', 'storefront', 'results.json');
const ARTIFACTS = join(ROOT, 'artifacts', 'bench-storefront');

// ---------------------------------------------------------------------------------------------
// First-load JavaScript (counting in first-load.ts)

const { buildManifest, firstLoadFromManifests, sumChunks } = firstLoadOfBuild(BUILD);

/** The chunks a served page loads: script tags, preloads and the chunks its RSC payload names. */
function chunksOfHtml(html: string, polyfills: Set<string>): string[] {
  const files = new Set<string>();
  for (const match of html.matchAll(/\/_next\/(static\/chunks\/[\w.~-]+\.js)/g)) {
    const file = match[1] as string;
    if (!polyfills.has(file)) files.add(file);
  }
  return [...files];
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

interface LighthouseRun {
  performance: number;
  accessibility: number;
  metrics: Record<string, number>;
  failingAccessibilityAudits: { id: string; title: string; items: string[] }[];
  requestedUrl: string;
  finalUrl: string;
  warnings: string[];
}

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
  'interactive',
] as const;

async function runLighthouse(
  url: string,
  cookie: string | undefined,
  reportFile: string,
): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      },
      PRESET === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    writeFileSync(reportFile, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
    const accessibility = lhr.categories.accessibility;
    const failing = (accessibility?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter(
        (audit) =>
          audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'notApplicable',
      )
      .map((audit) => {
        const details = audit?.details as
          | { items?: { node?: { selector?: string; snippet?: string } }[] }
          | undefined;
        return {
          id: audit?.id ?? '',
          title: audit?.title ?? '',
          items: (details?.items ?? [])
            .map((item) => item.node?.selector ?? item.node?.snippet ?? '')
            .slice(0, 10),
        };
      });
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((accessibility?.score ?? 0) * 100),
      metrics: Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.numericValue ?? Number.NaN])),
      failingAccessibilityAudits: failing,
      requestedUrl: lhr.requestedUrl ?? url,
      finalUrl: lhr.finalDisplayedUrl,
      warnings: lhr.runWarnings,
    };
  } finally {
    chrome.kill();
  }
}

// ---------------------------------------------------------------------------------------------
// The buyer

/**
 * Two lines in the buyer's cart (the newest unsubmitted order, as the storefront's cart.ts reads it):
 * the first two of her products the platform prices for her (families and unpriced items refuse).
 */
async function fillCart(platformUrl: string, token: string) {
  const products = await platformCall<{ Items: { ID: string }[] }>(
    platformUrl,
    token,
    'GET',
    '/v1/me/products?pageSize=100',
  );
  const existing = await platformCall<{ Items: { ID: string }[] }>(
    platformUrl,
    token,
    'GET',
    '/v1/me/orders?Status=Unsubmitted&sortBy=!DateCreated&pageSize=1',
  );
  const order =
    existing.Items[0] ??
    (await platformCall<{ ID: string }>(platformUrl, token, 'POST', '/v1/orders/Outgoing', {}));
  const added: string[] = [];
  for (const product of products.Items) {
    if (added.length === 2) break;
    try {
      await platformCall(platformUrl, token, 'POST', `/v1/orders/Outgoing/${order.ID}/lineitems`, {
        ProductID: product.ID,
        Quantity: added.length + 1,
      });
      added.push(product.ID);
    } catch {
      // not orderable for her (no price): try the next
    }
  }
  if (added.length === 0) throw new Error('no product of the buyer could be added to the cart');
  return { orderId: order.ID, products: added };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const started = Date.now();
  log(`${cpus().length} CPUs, load average ${load()}; preset ${PRESET}, ${RUNS} Lighthouse runs per page`);
  mkdirSync(ARTIFACTS, { recursive: true });
  const stack = await startBenchStack({
    distDir: DIST_DIR,
    portOffset: PORT_OFFSET,
    artifacts: ARTIFACTS,
    readyTimeoutMs: READY_TIMEOUT_MS,
    timeoutMs: TIMEOUT_MS,
  });
  const { storefront, platform } = stack;
  const buildId = readFileSync(join(BUILD, 'BUILD_ID'), 'utf8').trim();

  try {
    const buyer = await signIn(platform, BUYER.username);
    const cart = await fillCart(platform, buyer.accessToken);
    log(`signed in as ${BUYER.username}; cart ${cart.orderId} with ${cart.products.join(', ')}`);

    // Pages to fetch: the catalogue links to the families, the orders page to an order.
    const base = `${storefront}/${LOCALE}`;
    const catalogue = await getHtml(`${base}/catalog`, buyer.cookie);
    if (catalogue.status !== 200)
      throw new Error(`catalogue answered ${catalogue.status} ${catalogue.location ?? ''}`);
    const family = catalogue.html.match(new RegExp(`href="/${LOCALE}/catalog/([A-Za-z0-9_-]+)"`))?.[1];
    if (!family) throw new Error('no family link on the catalogue page');
    const orders = await getHtml(`${base}/orders`, buyer.cookie);
    const orderId = orders.html.match(new RegExp(`href="/${LOCALE}/orders/([A-Za-z0-9_-]+)"`))?.[1];

    const pages: { route: string; path: string; signedIn: boolean }[] = [
      { route: '/[locale]', path: '', signedIn: false },
      { route: '/[locale]/sign-in', path: '/sign-in', signedIn: false },
      { route: '/[locale]/register', path: '/register', signedIn: false },
      { route: '/[locale]/catalog', path: '/catalog', signedIn: true },
      { route: '/[locale]/catalog/[family]', path: `/catalog/${family}`, signedIn: true },
      { route: '/[locale]/cart', path: '/cart', signedIn: true },
      { route: '/[locale]/checkout', path: '/checkout', signedIn: true },
      { route: '/[locale]/orders', path: '/orders', signedIn: true },
      ...(orderId ? [{ route: '/[locale]/orders/[id]', path: `/orders/${orderId}`, signedIn: true }] : []),
      { route: '/[locale]/approvals', path: '/approvals', signedIn: true },
      { route: '/[locale]/subscriptions', path: '/subscriptions', signedIn: true },
      { route: '/[locale]/subscriptions/new', path: '/subscriptions/new', signedIn: true },
      { route: '/[locale]/account', path: '/account', signedIn: true },
      { route: '/[locale]/terms', path: '/terms', signedIn: true },
    ];

    const polyfills = new Set(buildManifest().polyfillFiles);
    const fromManifests = firstLoadFromManifests();
    const served: Record<string, FirstLoad & { url: string; status: number }> = {};
    for (const page of pages) {
      const url = `${base}${page.path}`;
      const answer = await getHtml(url, page.signedIn ? buyer.cookie : undefined);
      if (answer.status !== 200) {
        log(`first load: ${url} answered ${answer.status} ${answer.location ?? ''}, skipped`);
        continue;
      }
      served[page.route] = { url, status: answer.status, ...sumChunks(chunksOfHtml(answer.html, polyfills)) };
    }
    const firstLoad = Object.entries(fromManifests).map(([route, manifest]) => {
      const html = served[route];
      const measured = html ?? manifest;
      const targeted = route === '/[locale]/catalog' || route === '/[locale]/catalog/[family]';
      return {
        route,
        source: html ? 'served HTML' : 'build manifests',
        url: html?.url,
        gzip: measured.gzip,
        bytes: measured.bytes,
        manifestGzip: manifest.gzip,
        target: targeted ? FIRST_LOAD_TARGET_BYTES : undefined,
        met: targeted ? measured.gzip <= FIRST_LOAD_TARGET_BYTES : undefined,
        chunks: measured.chunks,
      };
    });
    for (const row of firstLoad)
      log(
        `first load ${row.route}: ${(row.gzip / 1000).toFixed(1)} KB gzip (${(row.bytes / 1000).toFixed(1)} KB raw, ${row.chunks.length} chunks, ${row.source}; manifests ${(row.manifestGzip / 1000).toFixed(1)} KB)${row.target ? ` target ≤ 130 KB: ${row.met ? 'met' : 'MISSED'}` : ''}`,
      );

    // Lighthouse
    const lighthousePages = [
      { name: 'home', route: '/[locale]', path: '', signedIn: false },
      { name: 'catalogue', route: '/[locale]/catalog', path: '/catalog', signedIn: true },
      { name: 'family', route: '/[locale]/catalog/[family]', path: `/catalog/${family}`, signedIn: true },
      { name: 'cart', route: '/[locale]/cart', path: '/cart', signedIn: true },
    ];
    const lighthouseResults = [];
    const retries: { page: string; run: number; attempt: number; error: string }[] = [];
    for (const page of lighthousePages) {
      const url = `${base}${page.path}`;
      const runs: LighthouseRun[] = [];
      for (let run = 1; run <= RUNS; run++) {
        // Lighthouse occasionally fails to record a trace on a loaded machine (NO_NAVSTART): retry.
        let result: LighthouseRun | undefined;
        for (let attempt = 1; !result; attempt++) {
          try {
            result = await runLighthouse(
              url,
              page.signedIn ? buyer.cookie : undefined,
              join(ARTIFACTS, `${page.name}-${PRESET}-${run}.json`),
            );
          } catch (error) {
            if (attempt >= 3) throw error;
            log(`lighthouse ${page.name} run ${run} attempt ${attempt} failed (${String(error)}), retrying`);
            retries.push({ page: page.name, run, attempt, error: String(error) });
          }
        }
        if (new URL(result.finalUrl).pathname !== new URL(url).pathname)
          throw new Error(`${url} ended on ${result.finalUrl} (not signed in?)`);
        runs.push(result);
        log(
          `lighthouse ${page.name} run ${run}: performance ${result.performance}, accessibility ${result.accessibility}, LCP ${result.metrics['largest-contentful-paint']?.toFixed(0)} ms, TBT ${result.metrics['total-blocking-time']?.toFixed(0)} ms, load average ${load()}`,
        );
      }
      const performance = median(runs.map((run) => run.performance));
      const accessibility = median(runs.map((run) => run.accessibility));
      const failing = new Map<string, { id: string; title: string; items: string[] }>();
      for (const run of runs)
        for (const audit of run.failingAccessibilityAudits) failing.set(audit.id, audit);
      lighthouseResults.push({
        page: page.name,
        route: page.route,
        url,
        signedIn: page.signedIn,
        performance,
        accessibility,
        metrics: Object.fromEntries(
          METRICS.map((id) => [id, median(runs.map((run) => run.metrics[id] ?? Number.NaN))]),
        ),
        performanceMet: performance >= 95,
        accessibilityMet: accessibility >= 100,
        failingAccessibilityAudits: [...failing.values()],
        runs: runs.map(({ performance, accessibility, metrics, warnings }) => ({
          performance,
          accessibility,
          metrics,
          warnings,
        })),
      });
    }

    // The configurator's choice → updated price (client-side choices, server price).
    const configurator = await measureConfiguratorTiming(base, buyer.cookie, family, CONFIGURATOR_RUNS);
    log(
      `configurator ${family}: choice shown in place after ${configurator.medianInPlaceMs.toFixed(0)} ms, updated price after ${configurator.medianPriceMs.toFixed(0)} ms (medians of ${configurator.runs.length})`,
    );

    const results = {
      measuredAt: new Date().toISOString(),
      machine: { cpus: cpus().length, node: process.version, loadAverageAtEnd: loadavg() },
      buildId,
      distDir: `apps/storefront/${DIST_DIR}`,
      preset: PRESET,
      runsPerPage: RUNS,
      lighthouseVersion: '13.5.0',
      chromium: '/usr/bin/chromium',
      buyer: BUYER.username,
      family,
      firstLoadTargetBytes: FIRST_LOAD_TARGET_BYTES,
      firstLoad,
      lighthouse: lighthouseResults,
      lighthouseRetries: retries,
      configurator,
      durationSeconds: Math.round((Date.now() - started) / 1000),
    };
    writeFileSync(OUT, `${JSON.stringify(results, null, 2)}\n`);

    console.log('\n| route | first-load JS, gzip -9 | raw | chunks | measured from | target |');
    console.log('|---|---:|---:|---:|---|---|');
    for (const row of firstLoad)
      console.log(
        `| \`${row.route}\` | ${(row.gzip / 1000).toFixed(1)} KB | ${(row.bytes / 1000).toFixed(1)} KB | ${row.chunks.length} | ${row.source} | ${row.target ? `≤ 130 KB: ${row.met ? 'met' : 'missed'}` : ''} |`,
      );
    console.log(
      `\n| page | performance (median of ${RUNS}) | accessibility | LCP ms | TBT ms | CLS | runs |`,
    );
    console.log('|---|---:|---:|---:|---:|---:|---|');
    for (const row of lighthouseResults)
      console.log(
        `| ${row.page} | ${row.performance} | ${row.accessibility} | ${row.metrics['largest-contentful-paint']?.toFixed(0)} | ${row.metrics['total-blocking-time']?.toFixed(0)} | ${row.metrics['cumulative-layout-shift']?.toFixed(3)} | ${row.runs.map((run) => `${run.performance}/${run.accessibility}`).join(', ')} |`,
      );
    for (const row of lighthouseResults)
      for (const audit of row.failingAccessibilityAudits)
        console.log(`accessibility ${row.page}: ${audit.id} (${audit.title}): ${audit.items.join(' | ')}`);
    log(`wrote ${OUT} in ${results.durationSeconds} s`);
  } finally {
    await stack.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
