/**
 * The floor under the gateway's CPU per card authorisation (issue #24: ≤ 2× one RSA-2048 private-key
 * operation), measured in one run on this machine:
 * - one RSA-2048 private-key operation (RSA-OAEP-SHA256 unwrap of a 32-byte key, as a payment does once);
 * - Fastify answering an empty `POST` with a small JSON body, as its own process under load from
 *   autocannon (the HTTP part every request pays, before any gateway code);
 * - one statement round trip (`select $1::int`, inside BEGIN/COMMIT as a payment's transaction is) on
 *   the embedded PGlite and, with BENCH_DATABASE_URL, on PostgreSQL through `pg` (client-side CPU only
 *   for PostgreSQL; the server's share is reported separately).
 * Run: `npx tsx bench/payment-gateway/floor.ts` (from the repo root).
 */
import { spawn } from 'node:child_process';
import { constants, generateKeyPairSync, privateDecrypt, publicEncrypt, randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { freePort } from '@actuate/service-kit/testing';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import pg from 'pg';
import { postgresCpuMs, processCpuMs } from '../shared/process-cpu.ts';

const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

function rsaPrivateOpMs(ops = 2_000): number {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const options = { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' };
  const wrapped = publicEncrypt({ ...options, key: publicKey }, randomBytes(32));
  for (let index = 0; index < 50; index += 1) privateDecrypt(options, wrapped);
  const before = cpuMs();
  for (let index = 0; index < ops; index += 1) privateDecrypt(options, wrapped);
  return (cpuMs() - before) / ops;
}

/** CPU per request of a Fastify process answering `POST /empty` with `{}` (JSON body parsed). */
async function fastifyEmptyRouteMs(): Promise<{ ms: number; requestsPerSecond: number }> {
  const port = await freePort();
  const source = `
    const app = require('fastify')({ logger: false });
    app.post('/empty', async () => ({ ok: true }));
    app.listen({ port: ${port}, host: '127.0.0.1' }).then(() => console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', source], {
    cwd: new URL('../../apps/payment-gateway/', import.meta.url),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()));
  const body = JSON.stringify({ amount: { currency: 'EUR', value: 1000 }, reference: 'x'.repeat(1500) });
  const run = () =>
    autocannon({
      url: `http://127.0.0.1:${port}/empty`,
      connections: 10,
      duration: 5,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
  await run();
  const before = processCpuMs(child.pid as number).total;
  const result = await run();
  const used = processCpuMs(child.pid as number).total - before;
  child.kill('SIGTERM');
  return { ms: used / result.requests.total, requestsPerSecond: Math.round(result.requests.average) };
}

/** CPU per `BEGIN; select $1; COMMIT` on PGlite (all in this process) and per statement. */
async function pgliteRoundTripMs(ops = 3_000) {
  const db = await PGlite.create();
  for (let index = 0; index < 300; index += 1) await db.query('select $1::int as n', [index]);
  let before = cpuMs();
  for (let index = 0; index < ops; index += 1) await db.query('select $1::int as n', [index]);
  const statement = (cpuMs() - before) / ops;
  before = cpuMs();
  for (let index = 0; index < ops; index += 1)
    await db.transaction(async (tx) => {
      await tx.query('select $1::int as n', [index]);
    });
  const transaction = (cpuMs() - before) / ops;
  await db.close();
  return { statementMs: statement, transactionWithOneStatementMs: transaction };
}

async function postgresRoundTripMs(url: string, ops = 3_000) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (let index = 0; index < 300; index += 1) await client.query('select $1::int as n', [index]);
  let before = cpuMs();
  let server = postgresCpuMs();
  for (let index = 0; index < ops; index += 1) await client.query('select $1::int as n', [index]);
  const statement = { clientMs: (cpuMs() - before) / ops, serverMs: (postgresCpuMs() - server) / ops };
  before = cpuMs();
  server = postgresCpuMs();
  for (let index = 0; index < ops; index += 1) {
    await client.query('begin');
    await client.query('select $1::int as n', [index]);
    await client.query('commit');
  }
  const transaction = { clientMs: (cpuMs() - before) / ops, serverMs: (postgresCpuMs() - server) / ops };
  await client.end();
  return { statement, transactionWithOneStatement: transaction };
}

const round = (value: number) => Number(value.toFixed(3));
console.log(JSON.stringify({ loadAverageBefore: loadavg().map((value) => Number(value.toFixed(2))) }));
console.log(JSON.stringify({ rsa2048PrivateOpMs: round(rsaPrivateOpMs()) }));
const fastify = await fastifyEmptyRouteMs();
console.log(
  JSON.stringify({
    fastifyEmptyPostCpuMsPerRequest: round(fastify.ms),
    requestsPerSecond: fastify.requestsPerSecond,
  }),
);
const lite = await pgliteRoundTripMs();
console.log(
  JSON.stringify({
    pgliteStatementCpuMs: round(lite.statementMs),
    pgliteTransactionWithOneStatementCpuMs: round(lite.transactionWithOneStatementMs),
  }),
);
if (process.env.BENCH_DATABASE_URL) {
  const postgres = await postgresRoundTripMs(process.env.BENCH_DATABASE_URL);
  console.log(
    JSON.stringify({
      postgresStatementCpuMs: {
        client: round(postgres.statement.clientMs),
        server: round(postgres.statement.serverMs),
      },
      postgresTransactionWithOneStatementCpuMs: {
        client: round(postgres.transactionWithOneStatement.clientMs),
        server: round(postgres.transactionWithOneStatement.serverMs),
      },
    }),
  );
}
console.log(JSON.stringify({ rsa2048PrivateOpMsAfter: round(rsaPrivateOpMs()) }));
console.log(JSON.stringify({ loadAverageAfter: loadavg().map((value) => Number(value.toFixed(2))) }));
