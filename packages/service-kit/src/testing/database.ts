import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, type DatabaseKind, openDatabase } from '../database.ts';
import { openTemplatedPglite } from './pglite-templates.ts';

/**
 * Which database the integration suites run on: PGlite always (project `pglite`), and PostgreSQL
 * when `TEST_DATABASE_URL` is set (project `postgres`, which sets TEST_DB=postgres).
 */
export const testDatabaseKind = (): DatabaseKind =>
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A new, empty database on a PostgreSQL server, and the way to drop it again (tests and benchmarks). */
export async function createScratchDatabase(
  serverUrl: string,
  prefix = 'actuate_t',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/**
 * A fresh, empty database for one test file: in-memory PGlite, or a new database on the
 * TEST_DATABASE_URL server that is dropped again on close, so files never see each other's rows.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind() === 'pglite') return openTemplatedPglite();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const scratch = await createScratchDatabase(serverUrl);
  const handle = await openDatabase({ url: scratch.url, maxConnections: 5 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}
