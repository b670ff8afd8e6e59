/**
 * The storefront under load: BENCH_BUYERS (default 20) signed-in buyers at once, each browsing,
 * configuring and adding to cart through the storefront's own pages, as a browser without JavaScript
 * does it (document requests and the add-to-cart form's progressive-enhancement POST, so every step
 * renders on the storefront's server and calls the platform, price service and middleware behind it).
 * Goal: p95 page time ≤ 300 ms with 20 buyers on this machine. While the buyers run, one headless
 * Chromium times the configurator's choice-to-updated-price (configurator-timing.ts), with JavaScript.
 *
 * One buyer's round: home → catalogue → a family (a different one each round) → one configurator
 * choice per request until one sales item is left → add it to the cart (quantity 1) → cart. The round
 * is first run by a single buyer (BENCH_BASELINE_SECONDS, default 15: the same pages unloaded), then by
 * all buyers for BENCH_DURATION (seconds, default 60). After each page a buyer reads for BENCH_THINK_MS
 * on average (default 1000, uniformly 0.5–1.5 times it); BENCH_THINK_MS=0 makes every buyer request
 * the next page at once, which saturates the machine instead of modelling buyers. The buyers are created for the run in the demo
 * company of anna@acme-dk.example (same groups and profile), each with an own cart.
 *
 * Run from the repository root: `npx tsx bench/storefront/load.ts` (≈ 4 min with the stack's start).
 * Writes bench/storefront/load-results.json (BENCH_OUT to change). BENCH_CPU_PROF=<folder> asks every
 * app for a V8 CPU profile there when it stops (written by `next start`; the Fastify apps wrote none in the
 * one trial, 2026-11-28 — their shutdown path is still to be checked); BENCH_LOG_LEVEL=info logs every app's requests (JSON
 * lines) to artifacts/bench-storefront/stack.log, e.g. to count the platform calls behind a page.
 */

import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT } from '../../scripts/stack.mjs';
import { descendantsCpuMsByFolder, machineBusyMs, postgresCpuMs } from '../shared/process-cpu.ts';
import {
  getHtml,
  LOCALE,
  loadAverage,
  log,
  median,
  percentile,
  platformCall,
  type SignedInBuyer,
  signIn,
  startBenchStack,
} from './bench-stack.ts';
import { measureConfiguratorTiming } from './configurator-timing.ts';
import { addToCartForm, choiceToMake, familiesOf, isResolved } from './page-forms.ts';

const BUYERS = Math.max(1, Number(process.env.BENCH_BUYERS ?? 20));
const DURATION_MS = Number(process.env.BENCH_DURATION ?? 60) * 1000;
const BASELINE_MS = Number(process.env.BENCH_BASELINE_SECONDS ?? 15) * 1000;
/** A buyer's mean pause after each page (uniform between half and one and a half times it); 0 saturates. */
const THINK_MS = Math.max(0, Number(process.env.BENCH_THINK_MS ?? 1000));
const CONFIGURATOR_RUNS = Math.max(1, Number(process.env.BENCH_CONFIGURATOR_RUNS ?? 10));
const OUT = process.env.BENCH_OUT ?? join(ROOT, 'bench', 'storefront', 'load-results.json');
const TARGET_P95_MS = 300;
const TEMPLATE_BUYER = 'anna@acme-dk.example';
/** The platform's documented demo client secret of the middleware (apps/platform/src/config.ts). */
const DEMO_MIDDLEWARE_SECRET = 'actuate-middleware-dev-secret';
const BENCH_PASSWORD = 'Bench-buyer-2026!';

type PageKind = 'home' | 'catalogue' | 'family' | 'configure' | 'add-to-cart' | 'cart';

interface Sample {
  readonly kind: PageKind;
  readonly ms: number;
  readonly ok: boolean;
}

/** Creates `count` buyer users like the template buyer (same company, profile data and groups). */
async function createBuyers(platform: string, count: number): Promise<SignedInBuyer[]> {
  const template = await signIn(platform, TEMPLATE_BUYER);
  const me = await platformCall<{ ID: string; Buyer: { ID: string }; xp?: unknown }>(
    platform,
    template.accessToken,
    'GET',
    '/v1/me',
  );
  const tokenAnswer = await fetch(`${platform}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'actuate-middleware',
      client_secret: DEMO_MIDDLEWARE_SECRET,
    }),
  });
  if (!tokenAnswer.ok) throw new Error(`integration token: ${tokenAnswer.status}`);
  const admin = ((await tokenAnswer.json()) as { access_token: string }).access_token;
  const buyerId = me.Buyer.ID;
  const groups = await platformCall<{ Items: { UserGroupID: string }[] }>(
    platform,
    admin,
    'GET',
    `/v1/buyers/${buyerId}/usergroups/assignments?userID=${me.ID}&pageSize=100`,
  );
  const buyers: SignedInBuyer[] = [];
  for (let index = 1; index <= count; index++) {
    const id = `bench-buyer-${index}`;
    const username = `bench-buyer-${index}@acme-dk.example`;
    await platformCall(platform, admin, 'POST', `/v1/buyers/${buyerId}/users`, {
      ID: id,
      Username: username,
      Password: BENCH_PASSWORD,
      FirstName: 'Bench',
      LastName: `Buyer ${index}`,
      Email: username,
      Active: true,
      xp: me.xp,
    });
    for (const group of groups.Items)
      await platformCall(platform, admin, 'POST', `/v1/buyers/${buyerId}/usergroups/assignments`, {
        UserGroupID: group.UserGroupID,
        UserID: id,
      });
    buyers.push(await signIn(platform, username, BENCH_PASSWORD));
  }
  return buyers;
}

/** Times one storefront request. A redirect or error status counts as a failed page. */
async function timed<T>(
  samples: Sample[],
  kind: PageKind,
  request: () => Promise<{ status: number } & T>,
): Promise<T & { status: number }> {
  const started = performance.now();
  const answer = await request();
  samples.push({ kind, ms: performance.now() - started, ok: answer.status === 200 });
  if (THINK_MS > 0) await sleep(THINK_MS * (0.5 + Math.random()));
  return answer;
}

/** One buyer's rounds until the deadline; every page's time goes to `samples`. */
async function shop(
  base: string,
  buyer: SignedInBuyer,
  families: readonly string[],
  offset: number,
  deadline: number,
  samples: Sample[],
  failures: string[],
): Promise<number> {
  let added = 0;
  for (let round = offset; Date.now() < deadline; round++) {
    const get = (kind: PageKind, path: string) =>
      timed(samples, kind, () => getHtml(`${base}${path}`, buyer.cookie));
    await get('home', '');
    await get('catalogue', '/catalog');
    const family = families[round % families.length] as string;
    const familyPath = `/catalog/${encodeURIComponent(family)}`;
    let page = await get('family', familyPath);
    const choices = new URLSearchParams();
    for (let step = 0; step < 25 && page.status === 200 && !isResolved(page.html); step++) {
      const choice = choiceToMake(page.html);
      if (!choice) break;
      choices.set(choice.name, choice.value);
      page = await get('configure', `${familyPath}?${choices}`);
    }
    const form = page.status === 200 ? addToCartForm(page.html) : undefined;
    if (!form) {
      failures.push(`${buyer.username}: ${family} not configured to one sales item (${page.status})`);
      continue;
    }
    const posted = await timed(samples, 'add-to-cart', async () => {
      const response = await fetch(`${base}${familyPath}?${choices}`, {
        method: 'POST',
        headers: { accept: 'text/html', cookie: buyer.cookie },
        body: form,
        redirect: 'manual',
        signal: AbortSignal.timeout(60_000),
      });
      await response.arrayBuffer();
      return { status: response.status };
    });
    if (posted.status === 200) added++;
    else failures.push(`${buyer.username}: add to cart answered ${posted.status}`);
    await get('cart', '/cart');
  }
  return added;
}

function summarise(samples: readonly Sample[], seconds: number) {
  const kinds = [...new Set(samples.map((sample) => sample.kind))];
  const row = (of: readonly Sample[]) => {
    const times = of.map((sample) => sample.ms);
    return {
      requests: of.length,
      failed: of.filter((sample) => !sample.ok).length,
      p50: median(times),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
    };
  };
  return {
    pagesPerSecond: samples.length / seconds,
    all: row(samples),
    byPage: Object.fromEntries(
      kinds.map((kind) => [kind, row(samples.filter((sample) => sample.kind === kind))]),
    ),
  };
}

async function cartLines(platform: string, buyers: readonly SignedInBuyer[]): Promise<number> {
  let lines = 0;
  for (const buyer of buyers) {
    const orders = await platformCall<{ Items: { LineItemCount: number }[] }>(
      platform,
      buyer.accessToken,
      'GET',
      '/v1/me/orders?Status=Unsubmitted&pageSize=100',
    );
    for (const order of orders.Items) lines += order.LineItemCount;
  }
  return lines;
}

async function main() {
  log(
    `${cpus().length} CPUs, load average ${loadAverage()}; ${BUYERS} buyers for ${DURATION_MS / 1000} s, ${THINK_MS} ms reading per page`,
  );
  const stack = await startBenchStack({
    distDir: '.next-bench',
    portOffset: 50_000,
    artifacts: join(ROOT, 'artifacts', 'bench-storefront'),
    readyTimeoutMs: 8 * 60_000,
    timeoutMs: 20 * 60_000,
    // BENCH_CPU_PROF=<folder>: every app writes a V8 CPU profile there when it stops.
    ...(process.env.BENCH_CPU_PROF
      ? {
          env: {
            NODE_OPTIONS: `--import=${join(ROOT, 'bench', 'shared', 'cpu-profile.mjs')}`,
            BENCH_CPU_PROF_DIR: process.env.BENCH_CPU_PROF,
          },
        }
      : {}),
  });
  try {
    const base = `${stack.storefront}/${LOCALE}`;
    const buyers = await createBuyers(stack.platform, BUYERS);
    const catalogue = await getHtml(`${base}/catalog`, buyers[0]?.cookie);
    const families = familiesOf(catalogue.html, LOCALE);
    if (families.length === 0) throw new Error(`no family on the catalogue page (${catalogue.status})`);
    log(`${buyers.length} buyers signed in; ${families.length} families on the catalogue`);

    // Warm-up: every family once (first renders compile nothing in `next start`, but fill caches).
    const warm: Sample[] = [];
    const failures: string[] = [];
    await shop(base, buyers[0] as SignedInBuyer, families, 0, Date.now() + 1, warm, failures);

    const baselineSamples: Sample[] = [];
    await shop(
      base,
      buyers[0] as SignedInBuyer,
      families,
      1,
      Date.now() + BASELINE_MS,
      baselineSamples,
      failures,
    );
    const baseline = summarise(baselineSamples, BASELINE_MS / 1000);
    log(`1 buyer: p95 ${baseline.all.p95.toFixed(0)} ms over ${baseline.all.requests} pages`);

    const linesBefore = await cartLines(stack.platform, buyers);
    const samples: Sample[] = [];
    const deadline = Date.now() + DURATION_MS;
    const loadAtStart = loadavg();
    // The database server's processes are not the apps' children: counted apart, as `postgres`.
    const cpuBefore: Record<string, number> = { ...descendantsCpuMsByFolder(), postgres: postgresCpuMs() };
    const machineBefore = machineBusyMs();
    const [added, configurator] = await Promise.all([
      Promise.all(
        buyers.map((buyer, index) => shop(base, buyer, families, index, deadline, samples, failures)),
      ),
      measureConfiguratorTiming(base, buyers[0]?.cookie as string, families[0] as string, CONFIGURATOR_RUNS),
    ]);
    const loadAtEnd = loadavg();
    const cpuAfter = { ...descendantsCpuMsByFolder(), postgres: postgresCpuMs() };
    const machineMsPerPage = (machineBusyMs() - machineBefore) / samples.length;
    const appCpuMsPerPage = Object.fromEntries(
      Object.entries(cpuAfter).map(([app, ms]) => [app, (ms - (cpuBefore[app] ?? 0)) / samples.length]),
    );
    const underLoad = summarise(samples, DURATION_MS / 1000);
    const addedTotal = added.reduce((sum, count) => sum + count, 0);
    const linesAdded = (await cartLines(stack.platform, buyers)) - linesBefore;
    log(
      `${BUYERS} buyers: p95 ${underLoad.all.p95.toFixed(0)} ms over ${underLoad.all.requests} pages (${underLoad.pagesPerSecond.toFixed(1)}/s); ${addedTotal} adds answered 200, ${linesAdded} new cart lines`,
    );

    const results = {
      measuredAt: new Date().toISOString(),
      machine: {
        cpus: cpus().length,
        node: process.version,
        loadAverageAtStart: loadAtStart,
        loadAverageAtEnd: loadAtEnd,
      },
      buyers: BUYERS,
      thinkMs: THINK_MS,
      durationSeconds: DURATION_MS / 1000,
      targetP95Ms: TARGET_P95_MS,
      met: underLoad.all.p95 <= TARGET_P95_MS,
      baseline,
      underLoad,
      cpuMsPerPage: { machine: machineMsPerPage, byApp: appCpuMsPerPage },
      addsAnswered: addedTotal,
      cartLinesAdded: linesAdded,
      configuratorUnderLoad: configurator,
      failures: failures.slice(0, 20),
      failureCount: failures.length,
    };
    writeFileSync(OUT, `${JSON.stringify(results, null, 2)}\n`);
    console.log('\n| page | 1 buyer p50 | p95 | 20 buyers p50 | p95 | p99 | requests | failed |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const [kind, row] of Object.entries(underLoad.byPage)) {
      const alone = baseline.byPage[kind];
      console.log(
        `| ${kind} | ${alone?.p50.toFixed(0) ?? '–'} | ${alone?.p95.toFixed(0) ?? '–'} | ${row.p50.toFixed(0)} | ${row.p95.toFixed(0)} | ${row.p99.toFixed(0)} | ${row.requests} | ${row.failed} |`,
      );
    }
    console.log(
      `| **all** | ${baseline.all.p50.toFixed(0)} | ${baseline.all.p95.toFixed(0)} | ${underLoad.all.p50.toFixed(0)} | **${underLoad.all.p95.toFixed(0)}** | ${underLoad.all.p99.toFixed(0)} | ${underLoad.all.requests} | ${underLoad.all.failed} |`,
    );
    console.log(
      `CPU per page: machine ${machineMsPerPage.toFixed(0)} ms; ${Object.entries(appCpuMsPerPage)
        .map(([app, ms]) => `${app} ${ms.toFixed(1)}`)
        .join(', ')}`,
    );
    console.log(
      `configurator under load: in place ${configurator.medianInPlaceMs.toFixed(0)} ms, price ${configurator.medianPriceMs.toFixed(0)} ms (medians of ${configurator.runs.length})`,
    );
    log(`wrote ${OUT}`);
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
