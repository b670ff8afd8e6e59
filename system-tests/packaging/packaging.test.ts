import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseHandle, ServiceApp } from '@actuate/service-kit';
import { createTestDatabase, freePort } from '@actuate/service-kit/testing';
import { type ChromiumProfile, launchChromium } from '@actuate/test-support';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../apps/payment-gateway/src/app.ts';
import { readConfig } from '../../apps/payment-gateway/src/config.ts';
import { DEMO } from '../../apps/payment-gateway/src/testing/index.ts';
import { freshProject, lockedVersion, packCheckout, ROOT, run } from './fresh-project.ts';
import { serveStatic } from './static-server.ts';

/**
 * The published package as a merchant gets it: `npm pack -w @actuate/checkout`, installed into three
 * fresh projects under the OS temp dir (a Vite + React app, a Next.js App Router app, a plain HTML page
 * on the gateway's versioned standalone URL with SRI), each built, served and paid with a card in
 * Chromium against one real gateway.
 */
const { version } = JSON.parse(readFileSync(join(ROOT, 'packages/checkout/package.json'), 'utf8'));
const folders: string[] = [];
const processes: ChildProcess[] = [];
let database: DatabaseHandle;
let gateway: ServiceApp;
let site: Server;
let browser: ChromiumProfile;
let gatewayUrl: string;
let siteUrl: string;
let nextUrl: string;
let packedFiles: string[];

beforeAll(async () => {
  const [gatewayPort, sitePort, nextPort] = [await freePort(), await freePort(), await freePort()];
  gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  siteUrl = `http://127.0.0.1:${sitePort}`;
  nextUrl = `http://127.0.0.1:${nextPort}`;

  // The gateway and Chromium start while the projects install and build (those wait on the disk and the CPU).
  const [projects] = await Promise.all([
    buildProjects(),
    timed('gateway', () => startGateway(gatewayPort)),
    timed('chromium', startBrowser),
  ]);
  const { viteApp, nextApp } = projects;

  // The plain page as a merchant writes it: the versioned URLs and the published integrity hashes.
  const plain = mkdtempSync(join(tmpdir(), 'actuate-plain-html-'));
  folders.push(plain);
  const integrity = await (await fetch(`${gatewayUrl}/checkoutshopper/sdk/${version}/integrity.json`)).json();
  const template = readFileSync(join(import.meta.dirname, 'fixtures/plain-html/index.html'), 'utf8');
  writeFileSync(
    join(plain, 'index.html'),
    template
      .replaceAll('{{SDK_URL}}', `${gatewayUrl}/checkoutshopper/sdk/${version}`)
      .replaceAll('{{JS_INTEGRITY}}', integrity['actuate-checkout.min.js'])
      .replaceAll('{{CSS_INTEGRITY}}', integrity['actuate-checkout.min.css']),
  );
  writeFileSync(join(plain, 'pay.js'), readFileSync(join(import.meta.dirname, 'fixtures/plain-html/pay.js')));

  site = await serveStatic({ '/vite/': join(viteApp, 'dist'), '/plain/': plain }, sitePort);
  const next = spawn(
    join(nextApp, 'node_modules/.bin/next'),
    ['start', '-p', String(nextPort), '-H', '127.0.0.1'],
    { cwd: nextApp, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' } },
  );
  processes.push(next);
  let nextOutput = '';
  next.stdout?.on('data', (chunk) => {
    nextOutput += chunk;
  });
  next.stderr?.on('data', (chunk) => {
    nextOutput += chunk;
  });
  next.on('exit', (code) => {
    nextOutput += `\n(next start exited with ${code})`;
  });
  await timed('next start', () =>
    waitForHttp(nextUrl).catch((error: Error) => {
      throw new Error(`${error.message}; next start said:\n${nextOutput}`);
    }),
  );
  // The budget is 4 minutes for the whole step; the limit leaves room for a machine busy with more.
}, 420_000);

afterAll(async () => {
  for (const child of processes) child.kill('SIGTERM');
  await browser?.close();
  await new Promise((resolve) => (site ? site.close(resolve) : resolve(undefined)));
  await gateway?.close();
  await database?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** How long each preparation step took, in the test output (the step has a 4-minute budget). */
async function timed<T>(step: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await work();
  console.log(`${step}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** Packs the package, installs it into the two projects that build and builds them (each two in parallel). */
async function buildProjects() {
  const packFolder = mkdtempSync(join(tmpdir(), 'actuate-pack-'));
  folders.push(packFolder);
  const { tarball, files } = await timed('npm pack', () => packCheckout(packFolder));
  packedFiles = files;
  const react = { react: lockedVersion('react'), 'react-dom': lockedVersion('react-dom') };
  const [viteApp, nextApp] = await timed('npm install (both projects)', () =>
    Promise.all([
      freshProject('vite-react', tarball, {
        ...react,
        vite: lockedVersion('vite'),
        '@vitejs/plugin-react': lockedVersion('@vitejs/plugin-react'),
      }),
      freshProject('next-app', tarball, { ...react, next: lockedVersion('next') }),
    ]),
  );
  folders.push(viteApp, nextApp);
  await Promise.all([
    timed('vite build', () => run('npm', ['run', 'build'], viteApp)),
    timed('next build', () => run('npm', ['run', 'build'], nextApp)),
  ]);
  return { viteApp, nextApp };
}

async function startGateway(port: number) {
  database = await createTestDatabase();
  const config = readConfig({
    PUBLIC_URL: gatewayUrl,
    PAYMENT_ALLOWED_ORIGINS: `${siteUrl},${nextUrl}`,
    PAYMENT_WEBHOOK_URL: 'http://127.0.0.1:9/unreachable',
    WEBHOOK_RETRY_LIMIT: '0',
    HTTPS_ENABLED: 'false',
  });
  gateway = await buildApp(config, { database, logger: false });
  await gateway.listen({ port, host: '127.0.0.1' });
}

async function startBrowser() {
  browser = await launchChromium();
}

async function waitForHttp(url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** The merchant server's part: a session of the demo merchant, handed to the page in its query. */
async function sessionQuery(pageUrl: string): Promise<string> {
  const response = await fetch(`${gatewayUrl}/v71/sessions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-api-key': DEMO.apiKey,
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({
      merchantAccount: DEMO.merchantAccount,
      amount: { value: 1200, currency: 'EUR' },
      reference: `packaging-${Date.now()}`,
      returnUrl: pageUrl,
      countryCode: 'NL',
    }),
  });
  expect(response.status).toBe(201);
  const session = (await response.json()) as { id: string; sessionData: string };
  return new URLSearchParams({
    clientKey: DEMO.clientKey,
    environmentUrl: `${gatewayUrl}/`,
    sessionId: session.id,
    sessionData: session.sessionData,
  }).toString();
}

/** Types the plain test card into the gateway's frames, pays, and returns the page's result line. */
async function payWithCard(pageUrl: string): Promise<{ result: string; errors: string[]; page: Page }> {
  const page = await browser.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  // A failed request is reported below with its URL; the console's line about it names none.
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  // The fresh projects have no favicon: the browser's request for it is not the page's.
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (response.status() >= 400 && path !== '/favicon.ico')
      errors.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => errors.push(`${request.failure()?.errorText} ${request.url()}`));
  await page.goto(`${pageUrl}?${await sessionQuery(pageUrl)}`);
  const field = (type: string) => page.frameLocator(`[data-cse="${type}"] iframe`).locator('#sf-input');
  await field('encryptedCardNumber').pressSequentially('4111111111111111', { delay: 5 });
  await field('encryptedExpiryDate').pressSequentially('0330', { delay: 5 });
  await field('encryptedSecurityCode').pressSequentially('737', { delay: 5 });
  await page.waitForFunction(() => document.body.dataset.valid === 'true', undefined, { timeout: 15_000 });
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForFunction(
    () => /^(Result|Error):/.test(document.getElementById('result')?.textContent ?? ''),
    undefined,
    {
      timeout: 30_000,
    },
  );
  return { result: (await page.textContent('#result')) ?? '', errors, page };
}

describe('the packed tarball', () => {
  it('holds the build (ES modules, typings, CSS, standalone, integrity) and no sources or tests', () => {
    for (const file of [
      'package.json',
      'README.md',
      'CHANGELOG.md',
      'dist/esm/index.js',
      'dist/esm/react.js',
      'dist/esm/react.js.map',
      'dist/types/index.d.ts',
      'dist/types/react/index.d.ts',
      'dist/checkout.css',
      'dist/standalone/actuate-checkout.min.js',
      'dist/standalone/actuate-checkout.min.css',
      'dist/integrity.json',
    ])
      expect(packedFiles, file).toContain(file);
    const unwanted = packedFiles.filter((file) =>
      /(^|\/)(src|test|tests|demo|scripts)\/|\.test\.|test-servers|\.tsx?$(?<!\.d\.ts)|vite\.config|tsconfig/.test(
        file,
      ),
    );
    expect(unwanted).toEqual([]);
  });
});

describe('three fresh projects pay with a card', () => {
  it('a Vite + React app (StrictMode)', async () => {
    const { result, errors, page } = await payWithCard(`${siteUrl}/vite/`);
    expect(result).toBe('Result: Authorised');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a Next.js App Router app (server-rendered page, StrictMode, the widget in a client component)', async () => {
    const html = await (await fetch(`${nextUrl}/`)).text();
    expect(html).toContain('Order total EUR 12.00'); // rendered on the server, with the widget's module in the tree
    const { result, errors, page } = await payWithCard(`${nextUrl}/`);
    expect(result).toBe('Result: Authorised');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a plain HTML page with the standalone script from the versioned SDK URL and its integrity hash', async () => {
    const { result, errors, page } = await payWithCard(`${siteUrl}/plain/`);
    expect(result).toBe('Result: Authorised');
    expect(errors).toEqual([]);
    const script = page.locator('script[integrity]');
    expect(await script.getAttribute('src')).toBe(
      `${gatewayUrl}/checkoutshopper/sdk/${version}/actuate-checkout.min.js`,
    );
    await page.close();
  });
});
