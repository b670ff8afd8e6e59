/**
 * Cold start of the whole stack, built servers vs tsx, on the same run (issue #24, "Production build"):
 *
 *  1. builds the five Fastify apps (scripts/build-servers.mjs, every app, not only stale ones) and times it;
 *  2. for each repetition and each way of running them — `npm start`'s (built servers, node dist/index.js,
 *     on the embedded PostgreSQL server, whose initdb and start count in its time), built on PGlite, and
 *     the TypeScript sources under tsx on PGlite — starts all six apps (scripts/stack.mjs `startStack`) on a
 *     fresh data folder and times spawn → each app's /ready 200 → every /ready 200, then the first HTML
 *     response of the storefront's `/` and of its product listing (`/en/catalog`);
 *  3. prints the table and writes bench/startup/results.json.
 *
 * The storefront is `next start` in both (its build is not part of this). Fresh data folders mean each
 * start migrates and seeds the demo world, as a first `npm start` does.
 *
 *   npx tsx bench/startup/cold-start.ts            (REPS=3, BENCH_PORT_OFFSET=21000)
 */

import { execFileSync } from 'node:child_process';
import { chmodSync, createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  APPS,
  buildCheckoutIfStale,
  buildStorefrontIfStale,
  ROOT,
  resolvePorts,
  type ServerRuntime,
  startAppDatabases,
  startStack,
} from '../../scripts/stack.mjs';

const REPS = Number(process.env.REPS ?? 3);
const PORT_OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 21_000);
const TIMEOUT_MS = 300_000;
/** The ways of starting compared: servers as built or under tsx, on the embedded server or PGlite. */
interface Mode {
  name: string;
  servers: ServerRuntime;
  database: 'embedded' | 'pglite';
}
const MODES: Mode[] = [
  { name: 'built, embedded PostgreSQL (npm start)', servers: 'built', database: 'embedded' },
  { name: 'built, PGlite', servers: 'built', database: 'pglite' },
  { name: 'tsx, PGlite', servers: 'tsx', database: 'pglite' },
];

const log = (message: string) =>
  console.log(`[startup ${new Date().toISOString().slice(11, 19)}] ${message}`);
const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const seconds = (ms: number) => (ms / 1000).toFixed(1);

interface StartRun {
  mode: string;
  /** Each app's first /ready 200, ms after spawn. */
  ready: Record<string, number>;
  allReady: number;
  /** First HTML response after every app is ready (ms, status). */
  home: { ms: number; status: number };
  listing: { ms: number; status: number };
  loadBefore: string;
}

async function isReady(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/ready`, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

async function firstPage(url: string) {
  const started = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(120_000) });
  await response.text();
  return { ms: Math.round(performance.now() - started), status: response.status };
}

async function coldStart(mode: Mode, rep: number): Promise<StartRun> {
  const defaults = resolvePorts({}, {});
  const ports = Object.fromEntries(
    Object.entries(defaults).map(([name, port]) => [name, port + PORT_OFFSET]),
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'actuate-startup-'));
  chmodSync(dataDir, 0o755); // as root the database server runs as "postgres", which must pass through it
  const output = createWriteStream(
    join(ROOT, 'artifacts', `startup-${mode.servers}-${mode.database}-${rep}.log`),
  );
  const loadBefore = loadAverage();
  const started = performance.now();
  const server = mode.database === 'embedded' ? await startAppDatabases({ dataDir, ports, log }) : undefined;
  if (server && 'unavailable' in server) throw new Error(server.unavailable);
  const stack = startStack({
    ports,
    dataDir,
    outputStream: output,
    servers: mode.servers,
    ...(server ? { databaseUrls: server.databaseUrls } : {}),
    env: { HOST: '127.0.0.1', LOG_LEVEL: 'warn', LOG_FORMAT: 'json' },
  });
  try {
    const ready: Record<string, number> = {};
    const byUrl = Object.fromEntries(APPS.map((app) => [stack.urls[app.urlVariable] as string, app.name]));
    while (Object.keys(ready).length < APPS.length) {
      if (performance.now() - started > TIMEOUT_MS)
        throw new Error(`${mode.name}: not ready after ${TIMEOUT_MS} ms`);
      await Promise.all(
        Object.entries(byUrl)
          .filter(([, name]) => ready[name] === undefined)
          .map(async ([url, name]) => {
            if (await isReady(url)) ready[name] = Math.round(performance.now() - started);
          }),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const allReady = Math.max(...Object.values(ready));
    const storefront = stack.urls.STOREFRONT_URL as string;
    const home = await firstPage(`${storefront}/`);
    const listing = await firstPage(`${storefront}/en/catalog`);
    return { mode: mode.name, ready, allReady, home, listing, loadBefore };
  } finally {
    await stack.stop();
    server?.stop();
    output.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

mkdirSync(join(ROOT, 'artifacts'), { recursive: true });
buildCheckoutIfStale();
buildStorefrontIfStale((message) => log(message));
log('Building the servers (every app)…');
const buildStarted = performance.now();
execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-servers.mjs')], { cwd: ROOT, stdio: 'inherit' });
const buildMs = Math.round(performance.now() - buildStarted);
log(`Build: ${buildMs} ms`);

const runs: StartRun[] = [];
for (let rep = 1; rep <= REPS; rep += 1) {
  // Alternate the order so neither way always starts on a machine warmed up by the other.
  for (const mode of rep % 2 ? MODES : [...MODES].reverse()) {
    log(`Rep ${rep}: ${mode.name} (load ${loadAverage()})…`);
    const run = await coldStart(mode, rep);
    log(
      `  all ready ${run.allReady} ms; / ${run.home.ms} ms (${run.home.status}); /en/catalog ${run.listing.ms} ms (${run.listing.status})`,
    );
    runs.push(run);
  }
}

const rows = MODES.map((mode) => {
  const of = runs.filter((run) => run.mode === mode.name);
  const perApp = Object.fromEntries(
    APPS.map((app) => [app.name, median(of.map((run) => run.ready[app.name] ?? Number.NaN))]),
  );
  return {
    mode: mode.name,
    allReady: median(of.map((run) => run.allReady)),
    home: median(of.map((run) => run.home.ms)),
    listing: median(of.map((run) => run.listing.ms)),
    perApp,
  };
});
const header = `| servers | all six /ready | ${APPS.map((app) => app.name).join(' | ')} | first / | first /en/catalog |`;
const table = [
  header,
  header.replace(/[^|]+/g, ' --- '),
  ...rows.map(
    (row) =>
      `| ${row.mode} | ${seconds(row.allReady)} s | ${APPS.map((app) => `${seconds(row.perApp[app.name] as number)} s`).join(' | ')} | ${row.home} ms | ${row.listing} ms |`,
  ),
].join('\n');
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${loadAverage()}`;
console.log(
  `\nMedians of ${REPS} cold starts each; build of the five servers: ${buildMs} ms.\n${machine}\n\n${table}\n`,
);
writeFileSync(
  join(ROOT, 'bench', 'startup', 'results.json'),
  `${JSON.stringify({ date: new Date().toISOString(), machine, reps: REPS, buildMs, rows, runs }, null, 2)}\n`,
);
