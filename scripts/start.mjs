// `npm start`: install what is missing, build what is stale (the servers' dist/, the checkout, the
// storefront), start the database server from npm's PostgreSQL binaries (a database per app; PGlite when
// ACTUATE_DATABASE=pglite or the platform has no binaries), then run the built servers with the demo world
// (migrations and seeding happen in each app at start-up). Ctrl-C stops the apps, then the database.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
// The Node.js version is checked before this runs (`prestart`: scripts/check-node.mjs).

const installedMarker = join(root, 'node_modules', '.package-lock.json');
if (
  !existsSync(installedMarker) ||
  statSync(join(root, 'package-lock.json')).mtimeMs > statSync(installedMarker).mtimeMs
) {
  console.log('Installing dependencies (npm install)…');
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
}

const {
  APPS,
  ROOT,
  buildCheckoutIfStale,
  buildServersIfStale,
  buildStorefrontIfStale,
  gatewayHttpsPort,
  resolvePorts,
  startAppDatabases,
  startStack,
  waitUntilReady,
} = await import('./stack.mjs');
const { tsImport } = await import('tsx/esm/api');
const { DEMO_LOGINS, DEMO_PASSWORD, generateDemoWorld } = await tsImport(
  '@actuate/catalog-data',
  import.meta.url,
);

/** "shopper, ACME Industri A/S, DKK" — read from the demo world, so the banner cannot drift from it. */
function describeLogin(world, username) {
  const user = world.users.find((candidate) => candidate.username === username);
  const company = world.companies.find((candidate) => candidate.id === user?.companyId);
  if (!user || !company) return '';
  const role =
    user.status === 'pending'
      ? 'registration pending'
      : user.roles.includes('BuyerAdmin')
        ? 'buyer admin and order approver'
        : 'shopper';
  return [role, company.name, company.currency, company.creditHold ? 'on credit hold' : '']
    .filter(Boolean)
    .join(', ');
}

const APP_NAME_WIDTH = Math.max(...APPS.map((app) => app.name.length));

buildCheckoutIfStale();
buildServersIfStale();
buildStorefrontIfStale();
const ports = resolvePorts();
const dataDir = join(ROOT, '.data');
const server =
  process.env.ACTUATE_DATABASE === 'pglite' ? undefined : await startAppDatabases({ dataDir, ports });
const databases = server?.unavailable ? undefined : server;
const databaseLine = `  ${'database'.padEnd(APP_NAME_WIDTH + 2)}${
  databases
    ? `PostgreSQL 18 on 127.0.0.1:${databases.port}, a database per app (user actuate, password in .data/postgres-password)`
    : `PGlite in .data/<app>${server?.unavailable ? ` (${server.unavailable})` : ''}`
}`;
// The production build of every app: plain JavaScript on node, no TypeScript compiler at run time.
const stack = startStack({ ports, dataDir, servers: 'built', databaseUrls: databases?.databaseUrls });
process.on('SIGINT', () => void stack.stop());
process.on('SIGTERM', () => void stack.stop());
/** Once the apps are down: the database server stops last, so their shutdown can still write. */
const exit = (code) => {
  databases?.stop();
  process.exit(code);
};

try {
  await waitUntilReady(stack.urls, 180_000);
  const world = generateDemoWorld();
  const lines = [
    '',
    'Actuate is running.',
    '',
    `  Storefront       ${stack.urls.STOREFRONT_URL}   ← start here`,
    ...APPS.filter((app) => !app.next).map(
      (app) => `  ${app.name.padEnd(APP_NAME_WIDTH + 2)}${stack.urls[app.urlVariable]}  (API docs: /docs)`,
    ),
    `  ${''.padEnd(APP_NAME_WIDTH + 2)}https://localhost:${gatewayHttpsPort(ports)}  (the gateway over HTTPS, self-signed: its fingerprint is in the log above)`,
    `  ${'mails'.padEnd(APP_NAME_WIDTH + 2)}${stack.mailUrl}  (every e-mail the shop sends, caught here; SMTP on port ${ports['mail-smtp']})`,
    databaseLine,
    '',
    `Demo logins (password "${DEMO_PASSWORD}"):`,
    ...Object.values(DEMO_LOGINS).map(
      (username) => `  ${username.padEnd(26)} ${describeLogin(world, username)}`,
    ),
    `  ${'merchant@actuate.example'.padEnd(26)} merchant dashboard of the payment gateway: ${stack.urls.PAYMENT_GATEWAY_URL}/dashboard`,
    '',
    'Data lives in .data/ (delete it to start over). Ctrl-C stops everything.',
    '',
  ];
  console.log(lines.join('\n'));
} catch (error) {
  console.error(String(error));
  await stack.stop();
  exit(1);
}
exit(
  await stack.result.then(
    () => 0,
    () => 1,
  ),
);
