/**
 * Order size (issue #24): adding, changing (PATCH Quantity) and removing a line should cost the same
 * on an order of 1 line as on one of 1,000 lines (goal: within 20 %). One run seeds small orders
 * (1 line each) and large ones (BENCH_LINES lines each, default 1,000), then measures on each size in
 * turn: BENCH_REQUESTS adds (default 1,000, spread over the orders, so a large order grows by ~10 %
 * and a small one by a few lines), the same number of PATCHes of the added lines, then their
 * DELETEs, which leaves every order at its seeded size. Server CPU per request from
 * /proc/<pid>/stat before and after each phase, requests/s over the phase. The platform runs as its
 * own process on a fresh embedded database, or on PostgreSQL with BENCH_DATABASE_URL (as
 * add-line-item.ts). Run: `npx tsx bench/platform/order-size.ts`.
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

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const LARGE_LINES = Number(process.env.BENCH_LINES ?? 1000);
const SMALL_ORDERS = Number(process.env.BENCH_SMALL_ORDERS ?? 400);
const LARGE_ORDERS = Number(process.env.BENCH_LARGE_ORDERS ?? 10);
const SPECS = [{ SpecID: 'stroke', OptionID: '300' }];

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
  // A sales item's xp: PATCH validates the line as a whole, its product snapshot included.
  await seedStrokeProducts(client, admin, 20, (index) => ({
    Kind: 'SalesItem',
    SalesItemNumber: `A${String(index).padStart(5, '0')}`,
    ProductState: 'Active',
    ProductFamilyGroup: 'LA',
    ImageUrl: 'https://images.example/actuator.png',
    CommercialVariants: [],
    Facets: {},
  }));
  const anna = await benchBuyerToken(client);
  const line = (k: number) => ({ ProductID: `p${k % 20}`, Quantity: 1 + (k % 12), Specs: SPECS });
  /** Runs `count` jobs `CONNECTIONS` at a time. */
  const inParallel = async (count: number, job: (index: number) => Promise<unknown>) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < count) await job(next++);
      }),
    );
  };
  const seed = async (orders: number, lines: number) => {
    const ids: string[] = [];
    for (let index = 0; index < orders; index++)
      ids.push((await api(anna, 'POST', '/v1/orders/Outgoing', {}))?.ID as string);
    await inParallel(orders * lines, (k) =>
      api(anna, 'POST', `/v1/orders/Outgoing/${ids[k % orders]}/lineitems`, line(k)),
    );
    return ids;
  };
  const seedStart = Date.now();
  const small = await seed(SMALL_ORDERS, 1);
  const large = await seed(LARGE_ORDERS, LARGE_LINES);
  const seedSeconds = (Date.now() - seedStart) / 1000;

  /** One phase: `count` requests, the k-th built by `request(k)`; CPU of the server and req/s. */
  const phase = async (
    count: number,
    request: (k: number) => { method: string; path: string; body?: unknown },
  ) => {
    let sequence = 0;
    let firstError: string | undefined;
    const before = processCpuMs(platform.pid);
    const started = Date.now();
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      // `amount` (stop after that many requests) is in autocannon, not in its type definitions.
      ...({ amount: count } as object),
      headers: { authorization: `Bearer ${anna}`, 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (raw) => {
            const { method, path, body } = request(sequence++);
            return {
              ...raw,
              method: method as 'POST',
              path,
              ...(body === undefined ? {} : { body: JSON.stringify(body) }),
            };
          },
          onResponse: (status: number, body: string) => {
            if (status >= 300) firstError ??= `${status} ${body.slice(0, 300)}`;
          },
        },
      ],
    });
    const after = processCpuMs(platform.pid);
    const completed = result.requests.total;
    return {
      requests: completed,
      non2xx: result.non2xx,
      ...(firstError ? { firstError } : {}),
      requestsPerSecond: Math.round(completed / ((Date.now() - started) / 1000)),
      latencyP50Ms: result.latency.p50,
      serverCpuMsPerRequest: Number(((after.total - before.total) / Math.max(completed, 1)).toFixed(2)),
    };
  };
  /** Add, change and remove lines on `orders`; line IDs `${tag}-k` (the k-th add goes to order k % n). */
  const cycle = async (tag: string, orders: string[], count: number) => {
    const path = (k: number) => `/v1/orders/Outgoing/${orders[k % orders.length]}/lineitems`;
    // autocannon may start a few more requests than `amount`: the IDs wrap within the added ones.
    const add = await phase(count, (k) => ({
      method: 'POST',
      path: path(k),
      body: { ID: `${tag}-${k}`, ...line(k) },
    }));
    const change = await phase(count, (k) => ({
      method: 'PATCH',
      path: `${path(k % count)}/${tag}-${k % count}`,
      body: { Quantity: 2 + (k % 7) },
    }));
    const remove = await phase(count, (k) => ({ method: 'DELETE', path: `${path(k)}/${tag}-${k}` }));
    return { add, change, remove };
  };
  // Warm-up (JIT, pools, caches) on the small orders, not measured.
  await cycle('warm', small, Math.min(REQUESTS, 300));
  const one = await cycle('small', small, REQUESTS);
  const thousand = await cycle('large', large, REQUESTS);
  let linesStored = 0;
  for (const id of large)
    linesStored += ((await api(admin, 'GET', `/v1/orders/Incoming/${id}`))?.LineItemCount as number) ?? 0;
  if (linesStored !== LARGE_ORDERS * LARGE_LINES) {
    process.exitCode = 1;
    console.error(`large orders hold ${linesStored} lines, not ${LARGE_ORDERS * LARGE_LINES}`);
  }
  const ratio = (op: 'add' | 'change' | 'remove') =>
    Number((thousand[op].serverCpuMsPerRequest / one[op].serverCpuMsPerRequest).toFixed(2));
  console.log(
    JSON.stringify(
      {
        database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
        connections: CONNECTIONS,
        requestsPerPhase: REQUESTS,
        seedSeconds,
        oneLine: { orders: SMALL_ORDERS, ...one },
        thousandLines: { orders: LARGE_ORDERS, lines: LARGE_LINES, ...thousand },
        cpuRatioLargeToSmall: { add: ratio('add'), change: ratio('change'), remove: ratio('remove') },
        loadAverageAfter: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
        goal: 'server CPU per request at 1,000 lines within 20 % of that at 1 line',
      },
      null,
      2,
    ),
  );
} finally {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await platform.stop();
}
