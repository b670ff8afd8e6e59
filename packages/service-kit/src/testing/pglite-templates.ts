/**
 * A new in-memory PGlite runs initdb (seconds of CPU), and every app then applies its migrations: most
 * of a multi-app test file's start-up. Both results are kept as data-folder tarballs in the system's
 * temporary folder, keyed by PGlite's version and the migration files' contents, so every later test
 * database in any worker starts from a tarball instead. The rows a test writes never reach a template.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatabaseHandle, openMemoryPglite, type PgliteHandle } from '../database.ts';

const folder = join(tmpdir(), 'actuate-pglite-templates');
// The exports map of the package lists no package.json, so it is read beside the resolved entry point.
const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
const pgliteVersion = (
  JSON.parse(readFileSync(join(pgliteEntry, '..', '..', 'package.json'), 'utf8')) as { version: string }
).version;

function readTemplate(key: string): Blob | undefined {
  try {
    return new Blob([readFileSync(join(folder, `${key}.tar`))]);
  } catch {
    return undefined;
  }
}

/** Written under a unique name and renamed, so a worker never reads another's half-written file. */
async function saveTemplate(key: string, handle: PgliteHandle): Promise<void> {
  const bytes = new Uint8Array(await (await handle.dump()).arrayBuffer());
  mkdirSync(folder, { recursive: true });
  const partial = join(folder, `${key}.${process.pid}.${Date.now()}.partial`);
  writeFileSync(partial, bytes);
  renameSync(partial, join(folder, `${key}.tar`));
}

/** The key of a migrations folder: PGlite's version and every file of the folder, names and contents. */
function migrationsKey(migrationsFolder: string): string {
  const hash = createHash('sha256').update(pgliteVersion);
  const files = readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(file.slice(migrationsFolder.length)).update(readFileSync(file));
  return `migrated-${hash.digest('hex').slice(0, 24)}`;
}

async function openEmpty(): Promise<PgliteHandle> {
  const key = `initdb-${pgliteVersion}`;
  const template = readTemplate(key);
  if (template) return openMemoryPglite(template);
  const handle = await openMemoryPglite();
  await saveTemplate(key, handle);
  return handle;
}

/**
 * An empty in-memory database whose first `migrate` starts from the migrated template of that folder
 * (making it on first use), as long as nothing has used the database before; otherwise it migrates
 * as usual.
 */
export async function openTemplatedPglite(): Promise<DatabaseHandle> {
  let current = await openEmpty();
  let used = false;
  const use = () => {
    used = true;
    return current;
  };
  return {
    kind: 'pglite',
    get db() {
      return use().db;
    },
    get jobsConnection() {
      return use().jobsConnection;
    },
    async migrate(migrationsFolder) {
      if (used) return current.migrate(migrationsFolder);
      used = true;
      const key = migrationsKey(migrationsFolder);
      const template = readTemplate(key);
      if (!template) {
        await current.migrate(migrationsFolder);
        await saveTemplate(key, current);
        return;
      }
      await current.close();
      current = await openMemoryPglite(template);
    },
    pendingMigrations: (migrationsFolder) => use().pendingMigrations(migrationsFolder),
    ping: () => use().ping(),
    close: () => current.close(),
  };
}
