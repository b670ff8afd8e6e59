import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Db as JobsDatabase } from 'pg-boss';
import { fromPglite } from 'pg-boss';

/** The Drizzle handle apps query through: the same type on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything a repository can run SQL on: the database itself or an open transaction. */
export type Executor = Database | Transaction;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  readonly kind: DatabaseKind;
  readonly db: Database;
  /** How pg-boss reaches the same database (adapter on PGlite, its own pool on PostgreSQL). */
  readonly jobsConnection: { db: JobsDatabase } | { connectionString: string };
  migrate(migrationsFolder: string): Promise<void>;
  pendingMigrations(migrationsFolder: string): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string. Without it the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data folder; undefined means in memory (tests). */
  dataDir?: string | undefined;
  /** Pool size on PostgreSQL. */
  maxConnections?: number;
}

const MIGRATIONS_SCHEMA = 'drizzle';
const MIGRATIONS_TABLE = '__drizzle_migrations';
/** Any constant works; it only has to be the same for every instance of every app. */
const MIGRATION_LOCK_KEY = 7_316_042;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url, options.maxConnections ?? 10) : openPglite(options.dataDir);
}

function journalEntryCount(migrationsFolder: string): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** Rows of a raw SQL query; PGlite and node-postgres both answer `{ rows }`. */
export async function queryRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function appliedMigrationCount(db: Database): Promise<number> {
  const [exists] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass(${`${MIGRATIONS_SCHEMA}.${MIGRATIONS_TABLE}`}) is not null as present`,
  );
  if (!exists?.present) return 0;
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql.raw(`select count(*)::int as n from "${MIGRATIONS_SCHEMA}"."${MIGRATIONS_TABLE}"`),
  );
  return counted?.n ?? 0;
}

/** An embedded database that can also be saved whole, as a tarball of its data folder. */
export interface PgliteHandle extends DatabaseHandle {
  dump(): Promise<Blob>;
}

/** In-memory PGlite, new or started from a dumped data folder (tests start from prepared templates). */
export const openMemoryPglite = (template?: Blob): Promise<PgliteHandle> => openPglite(undefined, template);

async function openPglite(dataDir: string | undefined, template?: Blob): Promise<PgliteHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite(template ? { loadDataDir: template } : {});
  await client.waitReady;
  const db = drizzlePglite({ client }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    jobsConnection: { db: fromPglite(client) },
    // PGlite is one connection in this process: nothing else can migrate at the same time.
    migrate: (migrationsFolder) =>
      migratePglite(db as never, {
        migrationsFolder,
        migrationsSchema: MIGRATIONS_SCHEMA,
        migrationsTable: MIGRATIONS_TABLE,
      }),
    pendingMigrations: async (folder) => journalEntryCount(folder) - (await appliedMigrationCount(db)),
    ping: async () => {
      await client.query('select 1');
    },
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = drizzlePostgres({ client: pool }) as unknown as Database;
  return {
    kind: 'postgres',
    db,
    jobsConnection: { connectionString: url },
    async migrate(migrationsFolder) {
      // Several instances may start together: the advisory lock lets one migrate while the others wait.
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePostgres(db as never, {
          migrationsFolder,
          migrationsSchema: MIGRATIONS_SCHEMA,
          migrationsTable: MIGRATIONS_TABLE,
        });
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        lockClient.release();
      }
    },
    pendingMigrations: async (folder) => journalEntryCount(folder) - (await appliedMigrationCount(db)),
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}
