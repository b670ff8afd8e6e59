// The six apps of docs/architecture.md and how to run them together: used by `npm start` and the browser tests.

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { concurrently } from 'concurrently';
import { startEmbeddedPostgres } from './embedded-postgres.mjs';

export const ROOT = resolve(import.meta.dirname, '..');

/** Name, workspace folder, default port and the variable that overrides it. */
export const APPS = [
  { name: 'platform', port: 4000, portVariable: 'PLATFORM_PORT', urlVariable: 'PLATFORM_URL', color: 'blue' },
  {
    name: 'middleware',
    port: 4100,
    portVariable: 'MIDDLEWARE_PORT',
    urlVariable: 'MIDDLEWARE_URL',
    color: 'magenta',
  },
  {
    name: 'price-service',
    port: 4200,
    portVariable: 'PRICE_SERVICE_PORT',
    urlVariable: 'PRICE_SERVICE_URL',
    color: 'yellow',
  },
  {
    name: 'backoffice',
    port: 4400,
    portVariable: 'BACKOFFICE_PORT',
    urlVariable: 'BACKOFFICE_URL',
    color: 'cyan',
  },
  {
    name: 'payment-gateway',
    port: 8080,
    portVariable: 'PAYMENT_GATEWAY_PORT',
    urlVariable: 'PAYMENT_GATEWAY_URL',
    color: 'red',
  },
  {
    name: 'storefront',
    port: 3000,
    portVariable: 'STOREFRONT_PORT',
    urlVariable: 'STOREFRONT_URL',
    color: 'green',
    next: true,
  },
];

/**
 * The mail catcher (scripts/mail-catcher.mjs): its SMTP port and the port of its web page; and the port of
 * `npm start`'s database server (scripts/embedded-postgres.mjs).
 */
const SIDE_SERVICES = [
  { name: 'mail-smtp', port: 1025, portVariable: 'MAIL_SMTP_PORT' },
  { name: 'mail-web', port: 1080, portVariable: 'MAIL_WEB_PORT' },
  { name: 'postgres', port: 5488, portVariable: 'POSTGRES_PORT' },
];

/** The apps with a database of their own, and its name on a shared server (`price-service` → `price_service`). */
export const DATABASES = APPS.filter((app) => !app.next).map((app) => ({
  app: app.name,
  database: app.name.replaceAll('-', '_'),
}));

/** Ports from the environment (or the given overrides), falling back to the defaults. */
export function resolvePorts(overrides = {}, env = process.env) {
  return Object.fromEntries(
    [...APPS, ...SIDE_SERVICES].map((app) => [
      app.name,
      Number(overrides[app.name] ?? env[app.portVariable] ?? app.port),
    ]),
  );
}

/** Where the mail catcher shows the mails (and answers its REST API, `/api/email`). */
const mailCatcherUrl = (ports, host = 'localhost') => `http://${host}:${ports['mail-web']}`;

/** The gateway's HTTPS port: its HTTP port + 363 (8080 → 8443). */
export const gatewayHttpsPort = (ports) => ports['payment-gateway'] + 363;

/** Every app learns where the others are, so they talk over real HTTP. */
export function serviceUrls(ports, host = 'localhost') {
  return Object.fromEntries(APPS.map((app) => [app.urlVariable, `http://${host}:${ports[app.name]}`]));
}

const newestMtime = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestMtime(join(path, entry))),
    stat.mtimeMs,
  );
};

/** Builds the storefront's production bundle when it is missing or older than its sources. */
export function buildStorefrontIfStale(log = console.log) {
  const folder = join(ROOT, 'apps', 'storefront');
  const buildId = join(folder, process.env.NEXT_DIST_DIR ?? '.next', 'BUILD_ID');
  const sources = ['src', 'messages', 'content', 'public', 'next.config.ts', 'package.json'].map((entry) =>
    newestMtime(join(folder, entry)),
  );
  const packagesChanged = Math.max(
    newestMtime(join(ROOT, 'packages', 'contracts', 'src')),
    newestMtime(join(ROOT, 'packages', 'checkout', 'src')),
  );
  if (existsSync(buildId) && statSync(buildId).mtimeMs > Math.max(...sources, packagesChanged)) return;
  log('Building the storefront (next build)…');
  execFileSync('npx', ['next', 'build'], {
    cwd: folder,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
}

/**
 * Builds @actuate/checkout's dist/ (ES modules, typings, standalone, integrity.json) when it is missing
 * or older than its sources: the gateway serves the standalone from it at `checkoutshopper/sdk/<version>/`,
 * and the packaging tests pack it. Quiet when up to date.
 */
export function buildCheckoutIfStale() {
  execFileSync(process.execPath, [join(ROOT, 'packages', 'checkout', 'scripts', 'build.mjs'), '--if-stale'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}

/**
 * The storefront's service keys at the price service and the middleware, fresh for each run. The
 * storefront runs as a production server (`next start`), which refuses the published demo keys; the
 * other apps run the demo (`NODE_ENV=development`) on their documented demo secrets.
 */
export function storefrontKeys() {
  const key = () => randomBytes(24).toString('base64url');
  const price = key();
  const middleware = key();
  return {
    storefront: { PRICE_SERVICE_API_KEY: price, MIDDLEWARE_API_KEY: middleware },
    'price-service': { PRICE_SERVICE_STOREFRONT_KEY: price },
    middleware: { MIDDLEWARE_STOREFRONT_KEY: middleware },
  };
}

/**
 * How the Fastify apps run: `built` — the production build, apps/<app>/dist/index.js (`npm run build`,
 * buildServersIfStale) on plain node; `tsx` — the TypeScript sources compiled as they load. The test
 * suites use tsx unless ACTUATE_SERVERS=built (then build first); `npm start` runs the built servers.
 */
const defaultServers = () => (process.env.ACTUATE_SERVERS === 'built' ? 'built' : 'tsx');

/** Builds the Fastify apps' dist/ (scripts/build-servers.mjs) when missing or older than their sources. */
export function buildServersIfStale() {
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-servers.mjs'), '--if-stale'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}

/**
 * How one app is started (the single source of truth for `startStack` and for suites that control each
 * app's process): its folder, shell command and environment. `keys` are the run's storefront keys, the same
 * for every app of one stack.
 */
export function appLaunch(
  app,
  {
    ports,
    dataDir,
    seed = true,
    env = {},
    host = 'localhost',
    keys = storefrontKeys(),
    servers = defaultServers(),
    databaseUrls = {},
  },
) {
  const urls = serviceUrls(ports, host);
  const shared = {
    ...process.env,
    ...urls,
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: seed ? 'true' : 'false',
    NEXT_TELEMETRY_DISABLED: '1',
    LOG_FORMAT: 'pretty',
    ...env,
  };
  // Addresses the apps default to the standard ports for: where browsers reach the gateway and the
  // back office (3-D Secure URLs, frame origins, the widget's environmentUrl) and where the gateway's
  // webhooks and the ERP's callbacks go. With other ports (browser tests) they must follow.
  const publicUrls = {
    'payment-gateway': {
      PUBLIC_URL: urls.PAYMENT_GATEWAY_URL,
      // Its HTTPS port follows the HTTP one (8443 next to 8080), so test stacks never take 8443.
      HTTPS_PORT: String(gatewayHttpsPort(ports)),
      PAYMENT_WEBHOOK_URL: `${urls.MIDDLEWARE_URL}/webhooks/payments`,
    },
    backoffice: {
      PUBLIC_URL: urls.BACKOFFICE_URL,
      ERP_CALLBACK_URL: `${urls.MIDDLEWARE_URL}/erp/callbacks`,
      // The sales desk's page answers quotes through the middleware.
      MIDDLEWARE_URL: urls.MIDDLEWARE_URL,
    },
    // Mails go to the catcher `startStack` runs next to the apps.
    middleware: {
      PAYMENT_GATEWAY_PUBLIC_URL: urls.PAYMENT_GATEWAY_URL,
      ...(ports['mail-smtp'] ? { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(ports['mail-smtp']) } : {}),
    },
  };
  return {
    name: app.name,
    cwd: join(ROOT, 'apps', app.name),
    command: app.next
      ? `npx next start -p ${ports[app.name]}`
      : servers === 'built'
        ? 'node --enable-source-maps dist/index.js'
        : 'node --import tsx src/index.ts',
    env: {
      ...publicUrls[app.name],
      ...shared,
      ...keys[app.name],
      ...(databaseUrls[app.name] ? { DATABASE_URL: databaseUrls[app.name] } : {}),
      PORT: String(ports[app.name]),
      // The services run the demo, whose published secrets production mode refuses.
      NODE_ENV: app.next ? 'production' : 'development',
    },
  };
}

/**
 * Starts every app (or only those named in `apps`) with one prefixed log stream. Returns concurrently's
 * result promise, the URLs of the started apps and a stop() that sends SIGINT to all (each app shuts down
 * gracefully).
 */
export function startStack({
  ports,
  dataDir,
  seed = true,
  env = {},
  outputStream,
  host = 'localhost',
  apps = APPS.map((app) => app.name),
  servers = defaultServers(),
  databaseUrls = {},
}) {
  const urls = serviceUrls(ports, host);
  const keys = storefrontKeys();
  const commands = APPS.filter((app) => apps.includes(app.name)).map((app) => ({
    ...appLaunch(app, { ports, dataDir, seed, env, host, keys, servers, databaseUrls }),
    prefixColor: app.color,
  }));
  // The mail catcher comes with the middleware, which sends to it.
  const withMail = apps.includes('middleware') && Boolean(ports['mail-smtp'] && ports['mail-web']);
  if (withMail) {
    commands.push({
      name: 'mail',
      cwd: ROOT,
      command: `node ${join('scripts', 'mail-catcher.mjs')}`,
      env: {
        ...process.env,
        MAIL_SMTP_PORT: String(ports['mail-smtp']),
        MAIL_WEB_PORT: String(ports['mail-web']),
      },
      prefixColor: 'white',
    });
  }
  const { result, commands: running } = concurrently(commands, {
    prefix: 'name',
    killOthersOn: ['failure'],
    killSignal: 'SIGINT',
    ...(outputStream ? { outputStream } : {}),
  });
  // An app that dies (a crash test kills them on purpose) rejects `result` before anyone awaits it:
  // observe it here so the test runner does not count an unhandled rejection; awaiting it still rejects.
  result.catch(() => {});
  const started = new Set(APPS.filter((app) => apps.includes(app.name)).map((app) => app.urlVariable));
  return {
    urls: Object.fromEntries(Object.entries(urls).filter(([variable]) => started.has(variable))),
    mailUrl: withMail ? mailCatcherUrl(ports, host) : undefined,
    result,
    stop: () => {
      for (const command of running) command.kill('SIGINT');
      return result.catch(() => {});
    },
  };
}

/**
 * `npm start`'s database server with a database per app (scripts/embedded-postgres.mjs): the apps'
 * DATABASE_URLs for startStack's `databaseUrls`, and stop() to call after the apps have stopped; or
 * `{ unavailable }` saying why it cannot run here (the apps then run on PGlite in dataDir).
 */
export async function startAppDatabases({ dataDir, ports, log = console.log }) {
  const server = await startEmbeddedPostgres({
    dataDir,
    port: ports.postgres,
    databases: DATABASES.map((entry) => entry.database),
    log,
  });
  if (server.unavailable) return server;
  return {
    databaseUrls: Object.fromEntries(DATABASES.map((entry) => [entry.app, server.urls[entry.database]])),
    port: server.port,
    stop: server.stop,
  };
}

/** Polls every app's /ready until all answer 200, or fails after the timeout naming the laggards. */
export async function waitUntilReady(urls, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  const pending = new Set(Object.values(urls));
  while (pending.size > 0) {
    for (const url of [...pending]) {
      try {
        const response = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(2_000) });
        if (response.ok) pending.delete(url);
      } catch {
        // not listening yet
      }
    }
    if (pending.size === 0) break;
    if (Date.now() > deadline)
      throw new Error(`Not ready after ${timeoutMs / 1000} s: ${[...pending].join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
