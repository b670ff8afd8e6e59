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
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 3);
const IDLE_SECONDS = 3;
const ORDERS = 200;
const SECRET = 'bench-middleware-secret-123';
const CLOCK_TICKS = 100;
const WITH_PROMOTION = process.env.BENCH_PROMOTION === '1';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** utime + stime of a process, in milliseconds. */
function cpuMs(pid: number): number {
  const { user, system } = cpuParts(pid);
  return user + system;
}

/** utime and stime of a process, in milliseconds (system time is mostly socket I/O to the database). */
function cpuParts(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return {
    user: (Number(fields[11]) * 1000) / CLOCK_TICKS,
    system: (Number(fields[12]) * 1000) / CLOCK_TICKS,
  };
}

/** With BENCH_DATABASE_URL (a server URL): a fresh database there, dropped after the run. */
async function freshPostgres(serverUrl: string) {
  const name = `actuate_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'platform-bench-'));
const postgres = process.env.BENCH_DATABASE_URL
  ? await freshPostgres(process.env.BENCH_DATABASE_URL)
  : undefined;
// BENCH_CPU_PROF=<dir>: the platform writes a V8 CPU profile there when it stops.
const profile = process.env.BENCH_CPU_PROF
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
  : [];
const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/platform/src/index.ts'], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MIDDLEWARE_CLIENT_SECRET: SECRET,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;

try {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`${base}/ready`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error('platform did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const token = async (form: Record<string, string>) =>
    (
      (await (
        await fetch(`${base}/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form).toString(),
        })
      ).json()) as { access_token: string }
    ).access_token;
  const api = async (tokenValue: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${tokenValue}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? undefined : ((await response.json()) as Record<string, unknown>);
  };
  const admin = await token({
    grant_type: 'client_credentials',
    client_id: 'actuate-middleware',
    client_secret: SECRET,
  });
  await api(admin, 'POST', '/v1/buyers', { ID: 'acme', Name: 'Acme', xp: {} });
  await api(admin, 'POST', '/v1/buyers/acme/users', {
    ID: 'anna',
    Username: 'anna@acme.example',
    Password: 'actuate-demo',
    FirstName: 'Anna',
    LastName: 'A',
    Email: 'anna@acme.example',
    Active: true,
  });
  await api(admin, 'POST', '/v1/securityprofiles/assignments', {
    SecurityProfileID: 'actuate-buyer-base',
    BuyerID: 'acme',
  });
  await api(admin, 'POST', '/v1/catalogs', { ID: 'main', Name: 'Main' });
  await api(admin, 'POST', '/v1/catalogs/assignments', { CatalogID: 'main', BuyerID: 'acme' });
  await api(admin, 'POST', '/v1/priceschedules', {
    ID: 'list',
    Name: 'List',
    Currency: 'EUR',
    PriceBreaks: [
      { Quantity: 1, Price: 100 },
      { Quantity: 10, Price: 90 },
    ],
  });
  await api(admin, 'POST', '/v1/specs', { ID: 'stroke', Name: 'Stroke', Required: true });
  await api(admin, 'POST', '/v1/specs/stroke/options', {
    ID: '300',
    Value: '300 mm',
    PriceMarkupType: 'AmountPerQuantity',
    PriceMarkup: 15,
  });
  for (let index = 0; index < 20; index++) {
    await api(admin, 'POST', '/v1/products', {
      ID: `p${index}`,
      Name: `Actuator ${index}`,
      DefaultPriceScheduleID: 'list',
    });
    await api(admin, 'POST', '/v1/catalogs/productassignments', {
      CatalogID: 'main',
      ProductID: `p${index}`,
    });
    await api(admin, 'POST', '/v1/specs/productassignments', { SpecID: 'stroke', ProductID: `p${index}` });
  }
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
  const anna = await token({
    grant_type: 'password',
    client_id: 'actuate-storefront',
    username: 'anna@acme.example',
    password: 'actuate-demo',
  });
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
  if (WARMUP_SECONDS > 0) await load(WARMUP_SECONDS);
  // What the process spends with no requests (job polling, timers), to tell it apart from request work.
  const idleStart = cpuMs(child.pid as number);
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idleCpuMsPerSecond = (cpuMs(child.pid as number) - idleStart) / IDLE_SECONDS;
  const partsBefore = cpuParts(child.pid as number);
  const cpuBefore = partsBefore.user + partsBefore.system;
  const result = await load(DURATION_SECONDS);
  const partsAfter = cpuParts(child.pid as number);
  const cpu = partsAfter.user + partsAfter.system - cpuBefore;
  const completed = result.requests.total;
  console.log(
    JSON.stringify(
      {
        database: postgres ? 'postgres' : 'pglite',
        promotion: WITH_PROMOTION,
        connections: CONNECTIONS,
        warmupSeconds: WARMUP_SECONDS,
        durationSeconds: DURATION_SECONDS,
        requests: completed,
        requestsPerSecond: Math.round(result.requests.average),
        non2xx: result.non2xx,
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
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
  await postgres?.drop();
}
