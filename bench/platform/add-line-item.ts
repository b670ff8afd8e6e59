/**
 * Load test of "add line item": `POST /v1/orders/Outgoing/{id}/lineitems` by a buyer, each request
 * checking visibility through the product index, resolving a required spec, pricing the line with
 * the pricing module and recomputing the order totals in one transaction. Target: ≤ 2 ms server CPU
 * per request and ≥ 500 requests/s, one process.
 *
 * The platform runs as its own process on a fresh embedded database (a temporary folder), or on a
 * fresh PostgreSQL database with BENCH_DATABASE_URL (created and dropped here); load comes
 * from autocannon in this process over loopback, bounded in time. Server CPU is read from
 * /proc/<pid>/stat before and after the run. Run: `npx tsx bench/platform/add-line-item.ts`.
 * BENCH_PROMOTION=1 also applies to every order a promotion whose expressions read product
 * categories (`items.any(product.incategory('c'))`), so each line add re-evaluates it with the
 * category lookup.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { startAppProcess } from '../shared/app-process.ts';
import {
  BENCH_INTEGRATION_SECRET,
  benchBuyerToken,
  platformClient,
  seedBenchTenant,
  seedStrokeProducts,
} from '../shared/platform-tenant.ts';
import { processCpuMs } from '../shared/process-cpu.ts';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 3);
const IDLE_SECONDS = 3;
const ORDERS = 200;
const WITH_PROMOTION = process.env.BENCH_PROMOTION === '1';

const platform = await startAppProcess('platform', () => ({
  MIDDLEWARE_CLIENT_SECRET: BENCH_INTEGRATION_SECRET,
}));
const { base } = platform;

try {
  const client = platformClient(base);
  const { api } = client;
  const admin = await seedBenchTenant(client, [
    { Quantity: 1, Price: 100 },
    { Quantity: 10, Price: 90 },
  ]);
  await seedStrokeProducts(client, admin, 20);
  if (WITH_PROMOTION) {
    await api(admin, 'POST', '/v1/catalogs/main/categories', { ID: 'c', Name: 'Category' });
    for (let index = 0; index < 20; index += 2)
      await api(admin, 'POST', '/v1/catalogs/main/categories/productassignments', {
        CategoryID: 'c',
        ProductID: `p${index}`,
      });
    await api(admin, 'POST', '/v1/promotions', {
      ID: 'bench',
      Code: 'BENCH',
      AllowAllBuyers: true,
      EligibleExpression: "items.any(product.incategory('c'))",
      ValueExpression: "items.total(product.incategory('c')) * .05",
    });
  }
  const anna = await benchBuyerToken(client);
  const orderIds: string[] = [];
  for (let index = 0; index < ORDERS; index++) {
    const id = (await api(anna, 'POST', '/v1/orders/Outgoing', {}))?.ID as string;
    orderIds.push(id);
    if (WITH_PROMOTION) {
      // The promotion is eligible only with a line in the category: start each order with one.
      await api(anna, 'POST', `/v1/orders/Outgoing/${id}/lineitems`, {
        ProductID: 'p0',
        Quantity: 1,
        Specs: [{ SpecID: 'stroke', OptionID: '300' }],
      });
      await api(anna, 'POST', `/v1/orders/Outgoing/${id}/promotions/BENCH`);
    }
  }

  let sequence = 0;
  const load = (duration: number) =>
    autocannon({
      url: base,
      connections: CONNECTIONS,
      duration,
      headers: { authorization: `Bearer ${anna}`, 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (request) => {
            sequence += 1;
            return {
              ...request,
              method: 'POST',
              path: `/v1/orders/Outgoing/${orderIds[sequence % ORDERS]}/lineitems`,
              body: JSON.stringify({
                ProductID: `p${sequence % 20}`,
                Quantity: 1 + (sequence % 12),
                Specs: [{ SpecID: 'stroke', OptionID: '300' }],
              }),
            };
          },
        },
      ],
    });
  // Warm-up (JIT, connection pool, caches), not measured: a short run under load would otherwise
  // charge start-up work to every request.
  const warmup = WARMUP_SECONDS > 0 ? await load(WARMUP_SECONDS) : undefined;
  // What the process spends with no requests (job polling, timers), to tell it apart from request work.
  const idleStart = processCpuMs(platform.pid).total;
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idleCpuMsPerSecond = (processCpuMs(platform.pid).total - idleStart) / IDLE_SECONDS;
  const partsBefore = processCpuMs(platform.pid);
  const cpuBefore = partsBefore.user + partsBefore.system;
  const result = await load(DURATION_SECONDS);
  const partsAfter = processCpuMs(platform.pid);
  const cpu = partsAfter.user + partsAfter.system - cpuBefore;
  const completed = result.requests.total;
  // The work was done: every 2xx answer left a line on its order (a fast wrong answer would not count).
  let linesStored = 0;
  for (const id of orderIds)
    linesStored += ((await api(admin, 'GET', `/v1/orders/Incoming/${id}`))?.LineItemCount as number) ?? 0;
  const succeeded = (run: typeof result) => run.requests.total - run.non2xx;
  const linesAnswered = succeeded(result) + (warmup ? succeeded(warmup) : 0) + (WITH_PROMOTION ? ORDERS : 0);
  if (linesStored < linesAnswered) {
    process.exitCode = 1;
    console.error(`only ${linesStored} lines stored for ${linesAnswered} 2xx answers`);
  }
  console.log(
    JSON.stringify(
      {
        database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
        promotion: WITH_PROMOTION,
        connections: CONNECTIONS,
        warmupSeconds: WARMUP_SECONDS,
        durationSeconds: DURATION_SECONDS,
        requests: completed,
        requestsPerSecond: Math.round(result.requests.average),
        non2xx: result.non2xx,
        linesStored,
        errors: result.errors,
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
        serverCpuMsPerRequest: Number((cpu / Math.max(completed, 1)).toFixed(2)),
        userCpuMsPerRequest: Number(
          ((partsAfter.user - partsBefore.user) / Math.max(completed, 1)).toFixed(2),
        ),
        systemCpuMsPerRequest: Number(
          ((partsAfter.system - partsBefore.system) / Math.max(completed, 1)).toFixed(2),
        ),
        idleCpuMsPerSecond: Number(idleCpuMsPerSecond.toFixed(1)),
        serverCpuMsPerRequestNetOfIdle: Number(
          ((cpu - idleCpuMsPerSecond * DURATION_SECONDS) / Math.max(completed, 1)).toFixed(2),
        ),
        loadAverageAfter: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
        targets: '<= 2 ms server CPU per request, >= 500 requests/s',
      },
      null,
      2,
    ),
  );
} finally {
  // Let the requests autocannon left in flight finish before stopping the server.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await platform.stop();
}
