import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase, freePort } from '@actuate/service-kit/testing';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface AppProcess {
  base: string;
  pid: number;
  /** Stops the app, then deletes its data folder and its scratch database. */
  stop(): Promise<void>;
}

/**
 * One app as its own process (`apps/<app>/src/index.ts` under tsx, as deployed) on a free loopback
 * port, on a fresh database: embedded in a temporary folder, or a new database on the
 * BENCH_DATABASE_URL server (a server URL), dropped again by `stop`. BENCH_CPU_PROF=<dir>: the app
 * writes a V8 CPU profile there when it stops. Resolves once `/ready` answers.
 */
export async function startAppProcess(
  app: string,
  env: (base: string) => Record<string, string> = () => ({}),
): Promise<AppProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `${app}-bench-`));
  const postgres = process.env.BENCH_DATABASE_URL
    ? await createScratchDatabase(process.env.BENCH_DATABASE_URL, 'actuate_bench')
    : undefined;
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', `apps/${app}/src/index.ts`], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      ...env(base),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`${base}/ready`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) return { base, pid: child.pid as number, stop };
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`${app} did not become ready`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
