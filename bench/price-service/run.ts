/**
 * Load benchmark of the price service: the three hot calls against their targets (below), one
 * process, loopback only, bounded in time.
 *
 * The service runs in this process (main thread) on a loopback port over an in-memory PGlite (or
 * PostgreSQL with BENCH_DATABASE_URL) seeded with the demo world scaled to 100,000 sales items, so
 * family HD60 has ≥ 10,000 sales items. autocannon generates load from a worker thread (its
 * `workers` option), so load generation does not share the server's event loop.
 *
 * Run from the repository root: `npx tsx bench/price-service/run.ts`
 * Settings: BENCH_DURATION (s per scenario, default 10), BENCH_CONNECTIONS (default 10),
 * BENCH_SALES_ITEMS (default 100000), BENCH_DATABASE_URL (PostgreSQL instead of PGlite),
 * BENCH_ONLY (run the scenarios whose path contains it),
 * PRICE_CACHE_MAX_STALENESS_MS (the service setting, default 100; 0 = version read per request).
 */
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { openDatabase } from '@actuate/service-kit';
import autocannon from 'autocannon';
import { buildApp, priceCatalogOf } from '../../apps/price-service/src/app.ts';
import { DEMO_STOREFRONT_KEY, readConfig } from '../../apps/price-service/src/config.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SALES_ITEMS = Number(process.env.BENCH_SALES_ITEMS ?? 100_000);

interface Scenario {
  name: string;
  path: string;
  body: unknown;
  target: string;
  /**
   * Judged on the closed-loop run with BENCH_CONNECTIONS connections (as many requests as they can
   * push: throughput, and latency including queueing). The one-connection run is for reference.
   */
  check: (saturated: Summary, single: Summary) => boolean;
}

interface Summary {
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  /** autocannon reports p90 and p97.5, not p95: the p95 target is judged on p97.5 (conservative). */
  p97_5: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
}

interface CannonResult {
  requests: { total: number; average: number };
  latency: { p50: number; p90: number; p99: number; max: number };
  errors: number;
  non2xx: number;
}

function summarise(result: CannonResult): Summary {
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p97_5: (result.latency as unknown as { p97_5: number }).p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

const line = (summary: Summary) =>
  `${summary.rps.toFixed(0)} req/s, p50 ${summary.p50} ms, p90 ${summary.p90} ms, p97.5 ${summary.p97_5} ms, p99 ${summary.p99} ms, max ${summary.max} ms, errors ${summary.errors}, non-2xx ${summary.non2xx}`;

/** The price calls need a caller's key: the storefront's, as in production. */
const caller = { 'x-api-key': DEMO_STOREFRONT_KEY };

async function main() {
  const started = Date.now();
  const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL });
  const app = await buildApp(
    readConfig({
      SEED_DEMO_DATA: 'true',
      DEMO_SALES_ITEMS: String(SALES_ITEMS),
      PRICE_CACHE_MAX_STALENESS_MS: process.env.PRICE_CACHE_MAX_STALENESS_MS,
    }),
    {
      database,
      logger: { level: 'warn' },
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  console.log(`${cpus().length} CPUs, load average ${load()} (other work on the machine skews the figures)`);
  console.log(
    `service up on ${base} (${database.kind}, cache staleness ${process.env.PRICE_CACHE_MAX_STALENESS_MS ?? 100} ms) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  // The seeded data as the service holds it (no second copy of the world in this process).
  const snapshot = await priceCatalogOf(app)?.snapshot();
  if (!snapshot) throw new Error('no price catalog');
  const familySizes = new Map<string, number>();
  for (const item of snapshot.items.values())
    familySizes.set(item.familyId, (familySizes.get(item.familyId) ?? 0) + 1);
  const [familyId, familySize] = [...familySizes].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  const family = snapshot.families.get(familyId);
  if (!family) throw new Error('no family');
  const activeInFamily = family.ordinaryActive.length + family.specialActive.length;
  console.log(`largest family ${family.id}: ${familySize} sales items (${activeInFamily} active)`);

  const bauer = { salesCompanyId: 'ADE', customerErpId: 'ADE-100002' };
  const acme = { salesCompanyId: 'ADK', customerErpId: 'ADK-100001' };
  const orderable = [...snapshot.items.values()].filter((item) => item.active);
  const lines = Array.from({ length: 100 }, (_, index) => ({
    lineId: `line-${index + 1}`,
    salesItemNumber: orderable[(index * 997) % orderable.length]?.salesItemNumber ?? 'A10001',
    quantity: [1, 2, 5, 10, 25, 50, 100][index % 7] ?? 1,
    unitWeightKg: 0.5,
  }));
  const order = {
    customer: { ...bauer, taxGroup: 'DE-DOM', vatNumber: 'DE814736592' },
    currency: 'EUR',
    shipTo: { country: 'DE' },
    shipMethodId: 'PALLET-FREIGHT',
    lines,
  };

  const scenarios: Scenario[] = [
    {
      name: `family price, ${family.id} (${familySize} items), ACME, EUR`,
      path: `/price/product/${family.id}/salesprice/currency/EUR`,
      body: { customer: acme },
      target: 'p95 ≤ 5 ms (judged on p97.5)',
      check: (saturated) => saturated.p97_5 <= 5,
    },
    {
      name: 'sales price, one item, Bauer, EUR, quantity 10',
      path: `/price/salesitem/${orderable[1]?.salesItemNumber ?? 'A10002'}/salesprice/currency/EUR`,
      body: { customer: bauer, quantity: 10 },
      target: 'p99 ≤ 2 ms',
      check: (saturated) => saturated.p99 <= 2,
    },
    {
      name: '/ordercalculate, 100 lines, Bauer, EUR',
      path: '/ordercalculate',
      body: order,
      target: '≥ 3,000 req/s and p99 ≤ 10 ms',
      check: (saturated) => saturated.rps >= 3000 && saturated.p99 <= 10,
    },
  ];

  const results: { scenario: Scenario; saturated: Summary; single: Summary }[] = [];
  const only = process.env.BENCH_ONLY;
  for (const scenario of scenarios.filter((candidate) => !only || candidate.path.includes(only))) {
    const payload = JSON.stringify(scenario.body);
    // Sanity check first: the scenario must answer 200.
    const probe = await app.inject({
      method: 'POST',
      url: scenario.path,
      payload: scenario.body as object,
      headers: caller,
    });
    if (probe.statusCode !== 200) throw new Error(`${scenario.name}: ${probe.statusCode} ${probe.body}`);
    const options = {
      url: `${base}${scenario.path}`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json', ...caller },
      body: payload,
      connections: CONNECTIONS,
      workers: 1,
    };
    await autocannon({ ...options, duration: 2 }); // warm-up
    const saturated = summarise(await autocannon({ ...options, duration: DURATION }));
    // One connection: the service's own latency, nothing queued behind other requests.
    const single = summarise(await autocannon({ ...options, connections: 1, duration: DURATION }));
    results.push({ scenario, saturated, single });
    const verdict = scenario.check(saturated, single) ? 'met' : 'MISSED';
    console.log(
      `${scenario.name}: ${CONNECTIONS} connections ${line(saturated)}; 1 connection ${line(single)} → ${scenario.target}: ${verdict}`,
    );
  }

  console.log(`load average after: ${load()}`);
  console.log(
    '\n| scenario | run | req/s | p50 ms | p90 ms | p97.5 ms | p99 ms | max ms | errors/non-2xx | target | verdict |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|');
  for (const { scenario, saturated, single } of results) {
    const verdict = scenario.check(saturated, single) ? 'met' : 'missed';
    for (const [run, summary] of [
      [`${CONNECTIONS} connections`, saturated],
      ['1 connection', single],
    ] as const) {
      console.log(
        `| ${scenario.name} | ${run} | ${summary.rps.toFixed(0)} | ${summary.p50} | ${summary.p90} | ${summary.p97_5} | ${summary.p99} | ${summary.max} | ${summary.errors}/${summary.non2xx} | ${scenario.target} | ${verdict} |`,
      );
    }
  }
  await app.close();
  await database.close();
}

await main();
