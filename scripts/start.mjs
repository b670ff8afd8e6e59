// `npm start`: install what is missing, build what is stale (the servers' dist/, the checkout, the
// storefront), then run the built servers, every app on the embedded database with the
// demo world (migrations and seeding happen in each app at start-up). Ctrl-C stops everything.
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

buildCheckoutIfStale();
buildServersIfStale();
buildStorefrontIfStale();
const ports = resolvePorts();
// The production build of every app: plain JavaScript on node, no TypeScript compiler at run time.
const stack = startStack({ ports, dataDir: join(ROOT, '.data'), servers: 'built' });
process.on('SIGINT', () => void stack.stop());
process.on('SIGTERM', () => void stack.stop());

try {
  await waitUntilReady(stack.urls, 180_000);
  const world = generateDemoWorld();
  const width = Math.max(...APPS.map((app) => app.name.length));
  const lines = [
    '',
    'Actuate is running.',
    '',
    `  Storefront       ${stack.urls.STOREFRONT_URL}   ← start here`,
    ...APPS.filter((app) => !app.next).map(
      (app) => `  ${app.name.padEnd(width + 2)}${stack.urls[app.urlVariable]}  (API docs: /docs)`,
    ),
    `  ${''.padEnd(width + 2)}https://localhost:${gatewayHttpsPort(ports)}  (the gateway over HTTPS, self-signed: its fingerprint is in the log above)`,
    `  ${'mails'.padEnd(width + 2)}${stack.mailUrl}  (every e-mail the shop sends, caught here; SMTP on port ${ports['mail-smtp']})`,
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
  process.exit(1);
}
await stack.result.catch(() => process.exit(1));
