/**
 * A catalogue page on the wire: the storefront's request for one page of 20 sales items with facet
 * counts (`GET /v1/me/products?xp.Kind=SalesItem&pageSize=20`, with and without two facet filters),
 * signed in as the demo shopper against the demo world (DEMO_SALES_ITEMS, default 5,000), answered
 * without compression, with gzip and with brotli; reports the bytes of each and the median time of
 * REQUESTS answers each over loopback HTTP, against the goal of ≤ 15 KB on the wire.
 * Run: `npx tsx bench/platform/catalogue-wire-size.ts` (from the repository root).
 */

import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { DEMO_LOGINS } from '@actuate/catalog-data';
import { createTestDatabase } from '@actuate/service-kit/testing';
import { buildApp } from '../../apps/platform/src/app.ts';
import { readConfig } from '../../apps/platform/src/config.ts';

const SALES_ITEMS = process.env.DEMO_SALES_ITEMS ?? '5000';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 60);
const GOAL_BYTES = 15 * 1024;

const database = await createTestDatabase();
const app = await buildApp(
  readConfig({
    MIDDLEWARE_CLIENT_SECRET: 'bench-middleware-secret-123',
    SEED_DEMO_DATA: 'true',
    DEMO_SALES_ITEMS: SALES_ITEMS,
    SUBSCRIPTION_RUN_INTERVAL_MINUTES: '0',
  }),
  { database, logger: false },
);
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;

const tokenResponse = await fetch(`http://127.0.0.1:${port}/oauth/token`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({
    grant_type: 'password',
    client_id: 'actuate-storefront',
    username: DEMO_LOGINS.shopper,
    password: 'actuate-demo',
  }).toString(),
});
const token = ((await tokenResponse.json()) as { access_token: string }).access_token;

/** The raw answer's bytes as they cross the socket (node:http does not decode), and its time. */
function get(path: string, encoding: string | undefined): Promise<{ bytes: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const call = request(
      {
        host: '127.0.0.1',
        port,
        path,
        headers: { authorization: `Bearer ${token}`, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`${path}: ${response.statusCode}`));
          else resolve({ bytes, ms: performance.now() - started });
        });
      },
    );
    call.on('error', reject);
    call.end();
  });
}

const pages = {
  'first page': '/v1/me/products?xp.Kind=SalesItem&pageSize=20',
  'two filters': `/v1/me/products?xp.Kind=SalesItem&pageSize=20&xp.Facets.voltage=${encodeURIComponent('24 V')}&xp.Facets.feedback=${encodeURIComponent('Single Hall')}`,
};
const encodings: Record<string, string | undefined> = { none: undefined, gzip: 'gzip', brotli: 'br, gzip' };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

console.log(`catalogue page on the wire, ${SALES_ITEMS} sales items, ${REQUESTS} requests each`);
for (const [name, path] of Object.entries(pages)) {
  const page = (await (
    await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { Items: unknown[]; Meta: { TotalCount: number; Facets?: unknown[] } };
  console.log(
    `${name}: ${page.Items.length} of ${page.Meta.TotalCount} items, ${page.Meta.Facets?.length ?? 0} facets`,
  );
}
console.log('| page | encoding | bytes | goal ≤ 15 KB | median ms |');
console.log('|---|---|---|---|---|');
for (const [name, path] of Object.entries(pages)) {
  for (const [label, encoding] of Object.entries(encodings)) {
    await get(path, encoding);
    const runs = [];
    for (let i = 0; i < REQUESTS; i++) runs.push(await get(path, encoding));
    const bytes = runs[0]?.bytes ?? 0;
    console.log(
      `| ${name} | ${label} | ${bytes.toLocaleString('en')} | ${bytes <= GOAL_BYTES ? 'met' : 'missed'} | ${median(runs.map((run) => run.ms)).toFixed(1)} |`,
    );
  }
}
await app.close();
await database.close();
