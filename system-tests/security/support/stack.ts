import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, resolvePorts, startStack, waitUntilReady } from '../../../scripts/stack.mjs';

/** The backend apps: the storefront needs a Next build and is left out unless asked for. */
export const BACKEND_APPS = [
  'platform',
  'middleware',
  'price-service',
  'backoffice',
  'payment-gateway',
] as const;
export type AppName = (typeof BACKEND_APPS)[number] | 'storefront';

export interface RunningStack {
  /** Base URL per app name, e.g. `urls.platform`. */
  urls: Record<string, string>;
  /** Where the apps' output goes. */
  logFile: string;
  stop(): Promise<void>;
}

export interface StackOptions {
  apps?: readonly AppName[];
  /** Added to every default port; SECURITY_PORT_OFFSET, else 20000, keeps clear of `npm start` and e2e. */
  portOffset?: number;
  /** File name under artifacts/ for the apps' output. */
  logName?: string;
  /** Extra variables for every app, on top of what scripts/stack.mjs passes. */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}

const APP_URL_VARIABLES: Record<AppName, string> = {
  platform: 'PLATFORM_URL',
  middleware: 'MIDDLEWARE_URL',
  'price-service': 'PRICE_SERVICE_URL',
  backoffice: 'BACKOFFICE_URL',
  'payment-gateway': 'PAYMENT_GATEWAY_URL',
  storefront: 'STOREFRONT_URL',
};

/**
 * Starts the apps as real processes through scripts/stack.mjs (so they get exactly the environment
 * `npm start` gives them) on a fresh embedded database seeded with the demo world, and waits until
 * every one answers /ready. stop() ends them and deletes the data.
 */
export async function startSecurityStack(options: StackOptions = {}): Promise<RunningStack> {
  const apps = options.apps ?? BACKEND_APPS;
  const offset = options.portOffset ?? Number(process.env.SECURITY_PORT_OFFSET ?? 20_000);
  const defaults = resolvePorts({}, {}) as Record<string, number>;
  const ports = Object.fromEntries(Object.entries(defaults).map(([name, port]) => [name, port + offset]));
  const dataDir = mkdtempSync(join(tmpdir(), 'actuate-security-'));
  mkdirSync(join(ROOT, 'artifacts'), { recursive: true });
  const logFile = join(ROOT, 'artifacts', options.logName ?? 'security-stack.log');
  const log = createWriteStream(logFile);
  const stack = startStack({
    ports,
    dataDir,
    outputStream: log,
    apps: [...apps],
    // A smaller catalogue seeds faster; platform and price service must agree on it. No scheduled
    // subscription runs: a demo subscription falling due would change a victim's data mid-suite.
    env: {
      LOG_LEVEL: 'warn',
      DEMO_SALES_ITEMS: '500',
      SUBSCRIPTION_RUN_INTERVAL_MINUTES: '0',
      ...options.env,
    },
  });
  const stop = async () => {
    await stack.stop();
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(
      stack.urls,
      options.readyTimeoutMs ?? Number(process.env.SECURITY_READY_TIMEOUT_MS ?? 300_000),
    );
  } catch (error) {
    await stop();
    throw new Error(`${String(error)} — see ${logFile}`);
  }
  const urls = Object.fromEntries(apps.map((app) => [app, stack.urls[APP_URL_VARIABLES[app]] as string]));
  return { urls, logFile, stop };
}
