/**
 * Load test of card authorisation on the payment gateway: `POST /v71/payments` with the four card
 * fields encrypted as the secured-field frames encrypt them (JWE RSA-OAEP-256 + A256GCM, the four
 * sharing one content key, so one RSA decryption per payment), the card checks, the payment row and its
 * webhook outbox job. For comparison: the same with a content key per field (four RSA decryptions), and
 * the sandbox's `test_` plain fields (none).
 *
 * The gateway runs as its own process (one process, as deployed) on a fresh embedded database, or on
 * a fresh PostgreSQL database with BENCH_DATABASE_URL (a server URL; created and dropped here: see
 * bench/shared/app-process.ts); load comes from autocannon in this process, loopback only,
 * bounded in time. Run: `npx tsx bench/payment-gateway/card-authorisation.ts` (from the repo root).
 */
import { constants, generateKeyPairSync, privateDecrypt, publicEncrypt, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { createContentKey, encryptValue } from '../../packages/checkout/src/secured-fields/encrypt.ts';
import { startAppProcess } from '../shared/app-process.ts';
import { machineBusyMs, postgresCpuMs, processCpuMs } from '../shared/process-cpu.ts';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const API_KEY = 'sandbox_api_key_actuate';
const CLIENT_KEY = 'sandbox_client_actuate';
const DISTINCT_BODIES = 300;
/** BENCH_SCENARIOS: which to run, comma-separated (`one-key,key-per-field,plain`, the default: all). */
const SCENARIOS = new Set((process.env.BENCH_SCENARIOS ?? 'one-key,key-per-field,plain').split(','));

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

async function publicKey(base: string): Promise<JsonWebKey> {
  const page = await fetch(
    `${base}/securedfields/${CLIENT_KEY}/1.0.0/securedFields.html?origin=${encodeURIComponent(base)}`,
  );
  const html = await page.text();
  const config = /<script id="sf-config" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  if (!config) throw new Error('no frame config');
  return (JSON.parse(config) as { publicKey: JsonWebKey }).publicKey;
}

/** Bodies with the four fields as JWE (one content key per payment, or one per field) or `test_` values. */
async function cardBodies(jwk: JsonWebKey | undefined, keyPerField = false): Promise<string[]> {
  const bodies: string[] = [];
  for (let index = 0; index < DISTINCT_BODIES; index += 1) {
    // As one page's frames do: one content key for the four fields, so one RSA unwrap per payment.
    const contentKey = jwk && !keyPerField ? await createContentKey(jwk) : undefined;
    const field = async (member: string, value: string) =>
      jwk ? encryptValue(jwk, member, value, new Date(), contentKey) : `test_${value}`;
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

/** Waits until the sink has acknowledged `expected` webhooks (or a minute has passed). */
async function drainWebhooks(sink: { received(): number }, expected: number) {
  const deadline = Date.now() + 60_000;
  while (sink.received() < expected && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
}

let authorisedSoFar = 0;

/**
 * CPU (ms) of one RSA-2048 private-key operation in this process, as the gateway does one per payment
 * (RSA-OAEP-SHA256 unwrap of a 32-byte content key), timed with process.cpuUsage over `ops` operations.
 * Issue #24's target: the gateway's CPU per authorisation ≤ 2× this, measured in the same run.
 */
function rsaPrivateOpMs(ops = 2_000): number {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const options = { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' };
  const wrapped = publicEncrypt({ ...options, key: publicKey }, randomBytes(32));
  for (let index = 0; index < 50; index += 1) privateDecrypt(options, wrapped);
  const before = process.cpuUsage();
  for (let index = 0; index < ops; index += 1) privateDecrypt(options, wrapped);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / ops;
}

/**
 * CPU used so far (ms): the gateway, the PostgreSQL server (0 with the embedded database, which runs
 * inside the gateway), this process (autocannon and the webhook sink) and the whole machine. All
 * share the two cores, so together they bound the payments per second.
 */
function cpuNow(gatewayPid: number) {
  const own = process.cpuUsage();
  return {
    gateway: processCpuMs(gatewayPid).total,
    postgres: process.env.BENCH_DATABASE_URL ? postgresCpuMs() : 0,
    bench: (own.user + own.system) / 1000,
    machine: machineBusyMs(),
  };
}

/**
 * One load run. The gateway's CPU is read from /proc before the run and after its webhooks have
 * been delivered, so CPU per payment includes the payment's share of the delivery work.
 */
async function runScenario(
  name: string,
  base: string,
  bodies: string[],
  gateway: { pid: number; sink: { received(): number } },
) {
  const cpuBefore = cpuNow(gateway.pid);
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
  authorisedSoFar += result.requests.total - refusedOrErrored;
  await drainWebhooks(gateway.sink, authorisedSoFar);
  const cpuAfter = cpuNow(gateway.pid);
  const perPayment = (key: keyof typeof cpuAfter) =>
    Number(((cpuAfter[key] - cpuBefore[key]) / result.requests.total).toFixed(2));
  const gatewayMs = perPayment('gateway');
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
    cpuMsPerPayment: {
      gateway: perPayment('gateway'),
      postgres: perPayment('postgres'),
      loadGeneratorAndSink: perPayment('bench'),
      machine: perPayment('machine'),
    },
    webhooksAcknowledged: gateway.sink.received(),
    rsa2048PrivateOpMs: Number(rsaMs.toFixed(3)),
    gatewayCpuPerRsaOp: `${(gatewayMs / rsaMs).toFixed(2)}× (target ≤ 2×)`,
  };
  console.log(JSON.stringify(summary));
  return summary;
}

// Other work on the machine distorts the figures: record the load average around the runs.
console.log(JSON.stringify({ loadAverageBefore: loadavg().map((value) => Number(value.toFixed(2))) }));
// Measured before any load (it blocks this process, which also hosts the webhook sink).
const rsaMs = rsaPrivateOpMs();
console.log(JSON.stringify({ rsa2048PrivateOpMs: Number(rsaMs.toFixed(3)), ops: 2_000 }));
const sink = await startWebhookSink();
// A fresh database every run: rows and webhook jobs of an earlier run would otherwise be retried
// against its long-gone sink.
const gatewayProcess = await startAppProcess('payment-gateway', (base) => ({
  PUBLIC_URL: base,
  PAYMENT_WEBHOOK_URL: sink.url,
}));
const { base } = gatewayProcess;
try {
  const jwk = await publicKey(base);
  const encrypted = await cardBodies(jwk);
  const keyPerField = await cardBodies(jwk, true);
  const plain = await cardBodies(undefined);
  const gateway = { pid: gatewayProcess.pid, sink };
  // Warm up JIT, key import and the connection pool before measuring.
  await runScenario('warm-up (discarded)', base, encrypted, gateway).catch(() => undefined);
  if (SCENARIOS.has('one-key'))
    await runScenario('card authorisation, 4 JWE fields, one content key (1 RSA)', base, encrypted, gateway);
  if (SCENARIOS.has('key-per-field'))
    await runScenario(
      'card authorisation, 4 JWE fields, a key per field (4 RSA)',
      base,
      keyPerField,
      gateway,
    );
  if (SCENARIOS.has('plain'))
    await runScenario('card authorisation, test_ plain fields (no RSA)', base, plain, gateway);
  console.log(JSON.stringify({ loadAverageAfter: loadavg().map((value) => Number(value.toFixed(2))) }));
  console.log(JSON.stringify({ rsa2048PrivateOpMsAfterRuns: Number(rsaPrivateOpMs().toFixed(3)) }));
} finally {
  await gatewayProcess.stop();
  await sink.close();
}
