/**
 * Load test of card authorisation on the payment gateway: `POST /v71/payments` with the four card
 * fields encrypted as the secured-field frames encrypt them (JWE RSA-OAEP-256 + A256GCM), so every
 * request pays for four RSA decryptions, the card checks, the payment row and its webhook outbox job.
 *
 * The gateway runs as its own process (one process, as deployed) on a fresh embedded database, or on
 * PostgreSQL with BENCH_DATABASE_URL; load comes from autocannon in this process, loopback only,
 * bounded in time. Run: `npx tsx bench/payment-gateway/card-authorisation.ts` (from the repo root).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { encryptValue } from '../../packages/checkout/src/secured-fields/encrypt.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const API_KEY = 'sandbox_api_key_actuate';
const CLIENT_KEY = 'sandbox_client_actuate';
const DISTINCT_BODIES = 300;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The merchant's webhook endpoint: acknowledges at once, so delivery jobs finish. */
async function startWebhookSink() {
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      response.writeHead(200).end('[accepted]');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    received: () => received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function startGateway(
  port: number,
  webhookUrl: string,
): Promise<{ child: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gateway-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/payment-gateway/src/index.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PAYMENT_WEBHOOK_URL: webhookUrl,
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/ready`);
      if (response.ok) return { child, dataDir };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('gateway did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function publicKey(base: string): Promise<JsonWebKey> {
  const page = await fetch(
    `${base}/securedfields/${CLIENT_KEY}/1.0.0/securedFields.html?origin=${encodeURIComponent(base)}`,
  );
  const html = await page.text();
  const config = /<script id="sf-config" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  if (!config) throw new Error('no frame config');
  return (JSON.parse(config) as { publicKey: JsonWebKey }).publicKey;
}

async function cardBodies(jwk: JsonWebKey | undefined): Promise<string[]> {
  const bodies: string[] = [];
  for (let index = 0; index < DISTINCT_BODIES; index += 1) {
    const field = async (member: string, value: string) =>
      jwk ? encryptValue(jwk, member, value) : `test_${value}`;
    bodies.push(
      JSON.stringify({
        amount: { currency: 'EUR', value: 1000 + index },
        merchantAccount: 'ActuateStore',
        reference: `bench-${index}`,
        returnUrl: 'http://localhost:3000/return',
        paymentMethod: {
          type: 'scheme',
          encryptedCardNumber: await field('number', '4111111111111111'),
          encryptedExpiryMonth: await field('expiryMonth', '03'),
          encryptedExpiryYear: await field('expiryYear', '2030'),
          encryptedSecurityCode: await field('cvc', '737'),
          holderName: 'Bench Shopper',
        },
      }),
    );
  }
  return bodies;
}

async function runScenario(name: string, base: string, bodies: string[]) {
  let next = 0;
  let refusedOrErrored = 0;
  const result = await autocannon({
    url: `${base}/v71/payments`,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
    requests: [
      {
        setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
        onResponse: (status, body) => {
          if (status !== 200 || !body.includes('"Authorised"')) refusedOrErrored += 1;
        },
      },
    ],
  });
  const summary = {
    scenario: name,
    connections: CONNECTIONS,
    seconds: DURATION_SECONDS,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    non2xx: result.non2xx,
    notAuthorised: refusedOrErrored,
    errors: result.errors,
    timeouts: result.timeouts,
  };
  console.log(JSON.stringify(summary));
  return summary;
}

// Other work on the machine distorts the figures: record the load average around the runs.
console.log(JSON.stringify({ loadAverageBefore: loadavg().map((value) => Number(value.toFixed(2))) }));
const sink = await startWebhookSink();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const { child, dataDir } = await startGateway(port, sink.url);
try {
  const jwk = await publicKey(base);
  const encrypted = await cardBodies(jwk);
  const plain = await cardBodies(undefined);
  // Warm up JIT, key import and the connection pool before measuring.
  await runScenario('warm-up (discarded)', base, encrypted).catch(() => undefined);
  await runScenario('card authorisation, 4 JWE fields', base, encrypted);
  await runScenario('card authorisation, test_ plain fields (no RSA)', base, plain);
  console.log(JSON.stringify({ webhooksAcknowledged: sink.received() }));
  console.log(JSON.stringify({ loadAverageAfter: loadavg().map((value) => Number(value.toFixed(2))) }));
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  await sink.close();
  rmSync(dataDir, { recursive: true, force: true });
}
