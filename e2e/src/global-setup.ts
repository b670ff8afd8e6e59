import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT, resolvePorts, startStack, waitUntilReady } from '../../scripts/stack.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    urls: Record<string, string>;
    /** The mail catcher's web page and REST API (`/api/email`): where the tests read the mails. */
    mailUrl: string;
  }
}

/**
 * Test ports sit 10000 above the defaults so a running `npm start` does not collide; E2E_PORT_OFFSET
 * moves them again so two browser runs can share a machine.
 */
const TEST_PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 10_000);

/**
 * Starts every app once for the browser tests, on a fresh embedded database seeded with the demo
 * world, and stops them afterwards. The apps' output goes to artifacts/e2e-stack.log.
 */
export default async function setup(project: TestProject) {
  const defaults = resolvePorts({}, {});
  const ports = Object.fromEntries(
    Object.entries(defaults).map(([name, port]) => [name, (port as number) + TEST_PORT_OFFSET]),
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'actuate-e2e-'));
  mkdirSync(join(ROOT, 'artifacts'), { recursive: true });
  const log = createWriteStream(join(ROOT, 'artifacts', 'e2e-stack.log'));
  const storefrontOrigins = [`http://localhost:${ports.storefront}`, `http://127.0.0.1:${ports.storefront}`];
  const stack = startStack({
    ports,
    dataDir,
    outputStream: log,
    env: {
      PAYMENT_ALLOWED_ORIGINS: storefrontOrigins.join(','),
      LOG_LEVEL: 'warn',
      // Every Chromium on this machine has the same device fingerprint, and the buyers of the whole run
      // type more distinct test cards than the gateway's card-testing rule allows one device.
      RISK_MAX_CARDS_PER_DEVICE: '1000',
    },
  });
  try {
    // A loaded machine (several stacks seeding at once) may need longer: E2E_READY_TIMEOUT_MS.
    await waitUntilReady(stack.urls, Number(process.env.E2E_READY_TIMEOUT_MS ?? 300_000));
  } catch (error) {
    await stack.stop();
    throw new Error(`${String(error)} — see artifacts/e2e-stack.log`);
  }
  project.provide('urls', stack.urls);
  project.provide('mailUrl', stack.mailUrl ?? '');
  return async () => {
    await stack.stop();
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
