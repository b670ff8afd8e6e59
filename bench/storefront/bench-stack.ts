/**
 * What the storefront benchmarks share: the whole stack started on a fresh, seeded data folder on the
 * default ports + an offset (every Fastify app bound to 127.0.0.1), on the database `npm start` uses (the
 * embedded PostgreSQL server; BENCH_DATABASE=pglite for PGlite), a watchdog that stops it after a time limit,
 * a demo buyer signed in with the storefront's session cookies, and small helpers.
 */

import { chmodSync, createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildStorefrontIfStale,
  resolvePorts,
  startAppDatabases,
  startStack,
  waitUntilReady,
} from '../../scripts/stack.mjs';

export const LOCALE = 'en';
export const DEMO_PASSWORD = 'actuate-demo';
/** The scopes `apps/storefront/src/auth/platform-token.ts` (BUYER_SCOPE) asks for at sign-in. */
const BUYER_SCOPE =
  'Shopper MeAdmin MeAddressAdmin MeXpAdmin MeSubscriptionAdmin MeCreditCardAdmin BuyerReader BuyerUserReader BuyerUserAdmin UserGroupReader UserGroupAdmin';

export const log = (message: string) =>
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

export const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

export const median = (values: readonly number[]) => percentile(values, 50);

/** The nearest-rank percentile (0–100) of the values. */
export function percentile(values: readonly number[], rank: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

export interface BenchStack {
  readonly urls: Record<string, string>;
  readonly storefront: string;
  readonly platform: string;
  /** Stops every app and deletes the data folder. */
  readonly stop: () => Promise<void>;
}

/**
 * Builds the storefront into `apps/storefront/<distDir>` when stale (so no one else's build is
 * touched), starts all six apps with their output in `<artifacts>/stack.log`, and waits for every
 * `/ready`. The watchdog stops the stack and exits with 2 when the whole run exceeds `timeoutMs`.
 */
export async function startBenchStack(options: {
  distDir: string;
  portOffset: number;
  artifacts: string;
  readyTimeoutMs: number;
  timeoutMs: number;
  /** More environment for every app. */
  env?: Record<string, string>;
}): Promise<BenchStack> {
  process.env.NEXT_DIST_DIR = options.distDir;
  buildStorefrontIfStale((message: string) => log(message));
  const ports = Object.fromEntries(
    Object.entries(resolvePorts({}, {})).map(([name, port]) => [name, (port as number) + options.portOffset]),
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'actuate-bench-storefront-'));
  chmodSync(dataDir, 0o755); // as root the database server runs as "postgres", which must pass through it
  const server =
    process.env.BENCH_DATABASE === 'pglite'
      ? undefined
      : await startAppDatabases({ dataDir, ports, log: (message: string) => log(message) });
  if (server && 'unavailable' in server)
    throw new Error(`${server.unavailable} (BENCH_DATABASE=pglite runs on PGlite)`);
  log(`database: ${server ? `embedded PostgreSQL on port ${server.port}` : 'PGlite'}`);
  mkdirSync(options.artifacts, { recursive: true });
  const stackLog = createWriteStream(join(options.artifacts, 'stack.log'));
  const stack = startStack({
    ports,
    dataDir,
    host: '127.0.0.1',
    outputStream: stackLog,
    ...(server ? { databaseUrls: server.databaseUrls } : {}),
    env: {
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      LOG_FORMAT: 'json',
      NEXT_DIST_DIR: options.distDir,
      ...options.env,
    },
  });
  const urls = stack.urls as Record<string, string>;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(watchdog);
    await stack.stop();
    server?.stop();
    stackLog.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const watchdog = setTimeout(() => {
    console.error(`[bench] gave up after ${options.timeoutMs / 60_000} min`);
    stop().finally(() => process.exit(2));
  }, options.timeoutMs);
  watchdog.unref();
  const started = Date.now();
  log(`starting the stack (storefront ${urls.STOREFRONT_URL}), data in ${dataDir}`);
  // An app that exits while starting ends the wait at once (its reason is in stack.log).
  const exited = stack.result.then(
    () => Promise.reject(new Error('the stack stopped while starting')),
    () => Promise.reject(new Error(`an app exited while starting: see ${options.artifacts}/stack.log`)),
  );
  await Promise.race([waitUntilReady(urls, options.readyTimeoutMs), exited]);
  log(`stack ready after ${((Date.now() - started) / 1000).toFixed(0)} s, load average ${loadAverage()}`);
  return {
    urls,
    storefront: urls.STOREFRONT_URL as string,
    platform: urls.PLATFORM_URL as string,
    stop,
  };
}

export interface SignedInBuyer {
  readonly username: string;
  readonly accessToken: string;
  /** The storefront's session cookies (apps/storefront/src/auth/session.ts), as one Cookie header. */
  readonly cookie: string;
}

/** Signs a buyer in with the platform's password grant, as the storefront's sign-in action does. */
export async function signIn(
  platformUrl: string,
  username: string,
  password = DEMO_PASSWORD,
): Promise<SignedInBuyer> {
  const response = await fetch(`${platformUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'actuate-storefront',
      username,
      password,
      scope: BUYER_SCOPE,
    }),
  });
  if (!response.ok) throw new Error(`sign-in: platform answered ${response.status} ${await response.text()}`);
  const token = (await response.json()) as { access_token: string; refresh_token?: string };
  const cookie = [
    `actuate_session=${token.access_token}`,
    ...(token.refresh_token ? [`actuate_refresh=${token.refresh_token}`] : []),
    `NEXT_LOCALE=${LOCALE}`,
  ].join('; ');
  return { username, accessToken: token.access_token, cookie };
}

/** One platform API call with a bearer token; throws on any non-2xx answer. */
export async function platformCall<T>(
  platformUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${platformUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** A page as a browser's document request, redirects not followed. */
export async function getHtml(url: string, cookie?: string) {
  const response = await fetch(url, {
    headers: { accept: 'text/html', 'sec-fetch-dest': 'document', ...(cookie ? { cookie } : {}) },
    redirect: 'manual',
    signal: AbortSignal.timeout(60_000),
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}
