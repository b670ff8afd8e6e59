/**
 * The backend apps as separate processes on one fresh embedded data folder seeded with the demo world,
 * each started with the same command and environment as `npm start` (scripts/stack.mjs `appLaunch`),
 * so a test can SIGKILL one and start it again on the data it left.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APPS, appLaunch, ROOT, resolvePorts, serviceUrls } from '../../../scripts/stack.mjs';

/** The apps behind the storefront; the storefront itself plays no part in these suites. */
export const BACKEND = ['platform', 'middleware', 'price-service', 'backoffice', 'payment-gateway'] as const;
export type Backend = (typeof BACKEND)[number];

/** Ports sit CRASH_PORT_OFFSET above the defaults, away from `npm start` and the browser tests. */
const PORT_OFFSET = Number(process.env.CRASH_PORT_OFFSET ?? 21_000);

export interface Stack {
  urls: Record<Backend, string>;
  /** SIGKILL to the app's whole process group: no shutdown hook runs. */
  kill(app: Backend): Promise<void>;
  /** Starts the app again on its data and waits until `/ready` answers. */
  start(app: Backend): Promise<void>;
  running(app: Backend): boolean;
  stop(): Promise<void>;
  logPath: string;
}

export async function startBackend(name: string, env: Record<string, string> = {}): Promise<Stack> {
  const defaults = resolvePorts({}, {});
  const ports = Object.fromEntries(
    Object.entries(defaults).map(([app, port]) => [app, Number(port) + PORT_OFFSET]),
  );
  const all = serviceUrls(ports, '127.0.0.1');
  const urls = Object.fromEntries(
    BACKEND.map((app) => [app, all[APPS.find((entry) => entry.name === app)?.urlVariable ?? '']]),
  ) as Record<Backend, string>;
  const dataDir = mkdtempSync(join(tmpdir(), `actuate-${name}-`));
  mkdirSync(join(ROOT, 'artifacts'), { recursive: true });
  const logPath = join(ROOT, 'artifacts', `${name}-stack.log`);
  const log: WriteStream = createWriteStream(logPath);
  const children = new Map<Backend, ChildProcess>();

  const spawnApp = (app: Backend) => {
    const entry = APPS.find((candidate) => candidate.name === app);
    if (!entry) throw new Error(`unknown app ${app}`);
    const launch = appLaunch(entry, {
      ports,
      dataDir,
      host: '127.0.0.1',
      env: { LOG_LEVEL: 'warn', LOG_FORMAT: 'json', HOST: '127.0.0.1', ...env },
    });
    const child = spawn(launch.command, {
      cwd: launch.cwd,
      env: launch.env,
      shell: true,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream?.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n')) if (line) log.write(`[${app}] ${line}\n`);
      });
    }
    children.set(app, child);
  };

  const ready = async (app: Backend, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const child = children.get(app);
      if (child && child.exitCode !== null)
        throw new Error(`${app} exited (${child.exitCode}); see ${logPath}`);
      const ok = await fetch(`${urls[app]}/ready`, { signal: AbortSignal.timeout(2_000) })
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) return;
      if (Date.now() > deadline)
        throw new Error(`${app} not ready after ${timeoutMs / 1000} s; see ${logPath}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  const signal = async (app: Backend, how: NodeJS.Signals) => {
    const child = children.get(app);
    if (!child || child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid, how);
    } catch {
      // already gone
    }
    await exited;
  };

  const stack: Stack = {
    urls,
    logPath,
    running: (app) => {
      const child = children.get(app);
      return !!child && child.exitCode === null && child.signalCode === null;
    },
    kill: (app) => signal(app, 'SIGKILL'),
    start: async (app) => {
      spawnApp(app);
      await ready(app, 120_000);
    },
    stop: async () => {
      await Promise.all(BACKEND.map((app) => signal(app, 'SIGINT')));
      log.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    for (const app of BACKEND) spawnApp(app);
    // Seeding the demo world on a loaded machine takes a while.
    await Promise.all(BACKEND.map((app) => ready(app, 300_000)));
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack;
}
