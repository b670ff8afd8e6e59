/**
 * Faceted `/me/products` with 100,000 products: the in-process facet index answering filter
 * combinations and facet counts. One platform in this process on an in-memory PGlite (or PostgreSQL
 * with BENCH_DATABASE_URL), products inserted with one SQL statement, then sequential requests over
 * loopback HTTP with varied facet filters; reports p50/p95/p99 against the target p95 ≤ 20 ms.
 * With BENCH_DATABASE_URL (a server URL) it creates a fresh database there and drops it afterwards.
 * Run: `npx tsx bench/platform/faceted-products.ts` (from the repository root).
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createTestDatabase } from '@actuate/service-kit/testing';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/platform/src/app.ts';
import { readConfig } from '../../apps/platform/src/config.ts';
import { bumpGeneration } from '../../apps/platform/src/shared/generations.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const SECRET = 'bench-middleware-secret-123';
const VOLTAGES = ['12', '24', '36', '48'];
const FEEDBACKS = ['Hall', 'Potentiometer', 'Encoder', 'None', 'Reed'];
const MATERIALS = ['Steel', 'Aluminium', 'Zinc'];
const TYPES = ['LA12', 'LA14', 'LA23', 'LA25', 'LA36', 'LA44'];

// A fresh database every run, dropped at the end: in-memory PGlite, or a new database on the
// BENCH_DATABASE_URL server (never an existing one).
if (process.env.BENCH_DATABASE_URL) {
  process.env.TEST_DB = 'postgres';
  process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
}
const database = await createTestDatabase();
const app = await buildApp(readConfig({ MIDDLEWARE_CLIENT_SECRET: SECRET }), { database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

async function api(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? undefined : response.json();
}

async function token(form: Record<string, string>): Promise<string> {
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

const admin = await token({
  grant_type: 'client_credentials',
  client_id: 'actuate-middleware',
  client_secret: SECRET,
});
await api('POST', '/v1/buyers', admin, { ID: 'acme', Name: 'Acme' });
await api('POST', '/v1/buyers/acme/users', admin, {
  ID: 'anna',
  Username: 'anna@acme.example',
  Password: 'actuate-demo',
  FirstName: 'Anna',
  LastName: 'A',
  Email: 'anna@acme.example',
  Active: true,
});
await api('POST', '/v1/securityprofiles/assignments', admin, {
  SecurityProfileID: 'actuate-buyer-base',
  BuyerID: 'acme',
});
await api('POST', '/v1/catalogs', admin, { ID: 'main', Name: 'Main' });
await api('POST', '/v1/catalogs/assignments', admin, { CatalogID: 'main', BuyerID: 'acme' });
await api('POST', '/v1/priceschedules', admin, {
  ID: 'list',
  Name: 'List',
  Currency: 'EUR',
  PriceBreaks: [{ Quantity: 1, Price: 100 }],
});
for (const [index, facet] of ['voltage', 'feedback', 'material', 'type'].entries()) {
  await api('POST', '/v1/productfacets', admin, {
    ID: facet,
    Name: facet,
    XpPath: `Facets.${facet}`,
    ListOrder: index,
  });
}

const seedStart = performance.now();
const pick = (values: string[], salt: number) =>
  sql.raw(
    `(array[${values.map((value) => `'${value}'`).join(',')}])[1 + ((n * ${salt}) % ${values.length})]`,
  );
await database.db.execute(sql`
  insert into products (id, name, active, default_price_schedule_id, xp)
  select 'p' || n, 'Actuator ' || lpad(n::text, 6, '0'), true, 'list',
    jsonb_build_object('Kind', 'SalesItem', 'SalesItemNumber', 'A' || lpad((n % 100000)::text, 5, '0'), 'ProductState', 'Active',
      'ProductFamilyGroup', 'LA', 'Facets', jsonb_build_object(
        'voltage', ${pick(VOLTAGES, 7)}, 'feedback', ${pick(FEEDBACKS, 13)},
        'material', ${pick(MATERIALS, 17)}, 'type', ${pick(TYPES, 31)}))
  from generate_series(1, ${PRODUCTS}) as n`);
await database.db.execute(
  sql`insert into product_catalog_assignments (catalog_id, product_id) select 'main', id from products`,
);
// The product index rebuilds when the catalog generation moves (as every catalogue write does).
await bumpGeneration(database.db, 'catalog');
const seedSeconds = (performance.now() - seedStart) / 1000;

const anna = await token({
  grant_type: 'password',
  client_id: 'actuate-storefront',
  username: 'anna@acme.example',
  password: 'actuate-demo',
});
const buildStart = performance.now();
const first = (await api('GET', '/v1/me/products?pageSize=1', anna)) as { Meta: { TotalCount: number } };
const buildMs = performance.now() - buildStart;
if (first.Meta.TotalCount !== PRODUCTS)
  throw new Error(`expected ${PRODUCTS} products, index has ${first.Meta.TotalCount}`);

const queries = [
  (i: number) => `xp.Facets.voltage=${VOLTAGES[i % 4]}`,
  (i: number) => `xp.Facets.voltage=${VOLTAGES[i % 4]}&xp.Facets.feedback=${FEEDBACKS[i % 5]}`,
  (i: number) =>
    `xp.Facets.voltage=24|48&xp.Facets.material=${MATERIALS[i % 3]}&xp.Facets.type=${TYPES[i % 6]}`,
  (i: number) => `xp.Facets.feedback=!None&page=${1 + (i % 50)}`,
  (i: number) => `xp.Facets.type=${TYPES[i % 6]}&search=${String(i % 1000).padStart(3, '0')}`,
];
const latencies: number[] = [];
const byKind: number[][] = queries.map(() => []);
for (let i = 0; i < REQUESTS; i++) {
  const query = queries[i % queries.length]?.(i);
  const start = performance.now();
  await api('GET', `/v1/me/products?${query}`, anna);
  const elapsed = performance.now() - start;
  latencies.push(elapsed);
  byKind[i % queries.length]?.push(elapsed);
}
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]?.toFixed(2);
if (process.env.BENCH_VERBOSE) console.log('median per query kind (ms):', byKind.map(median).join(' | '));
latencies.sort((a, b) => a - b);
const at = (q: number) =>
  (latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] as number).toFixed(2);
console.log(
  JSON.stringify(
    {
      database: database.kind,
      products: PRODUCTS,
      seedSeconds: Number(seedSeconds.toFixed(1)),
      firstRequestWithIndexBuildMs: Number(buildMs.toFixed(0)),
      requests: REQUESTS,
      p50Ms: Number(at(0.5)),
      p95Ms: Number(at(0.95)),
      p99Ms: Number(at(0.99)),
      target: 'p95 <= 20 ms',
    },
    null,
    2,
  ),
);
await app.close();
await database.close();
