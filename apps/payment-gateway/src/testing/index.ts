import type { DatabaseHandle, ServiceApp } from '@actuate/service-kit';
import { createTestDatabase, freePort } from '@actuate/service-kit/testing';
import type { FastifyServerOptions } from 'fastify';
import { afterAll, beforeAll, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, readConfig } from '../config.ts';
import { MerchantService } from '../modules/merchants/service.ts';

/** Demo credentials every test uses (seeded by buildApp). */
export const DEMO = {
  merchantAccount: 'ActuateStore',
  apiKey: 'sandbox_api_key_actuate',
  clientKey: 'sandbox_client_actuate',
  origin: 'http://localhost:3000',
} as const;

export interface TestGateway {
  app: ServiceApp;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** One gateway on one fresh database per test file (PGlite, or PostgreSQL under TEST_DB=postgres). */
export async function startTestGateway(
  env: Record<string, string> = {},
  logger: FastifyServerOptions['logger'] = false,
): Promise<TestGateway> {
  const database = await createTestDatabase();
  const config = readConfig({
    JOB_POLLING_INTERVAL_SECONDS: '0.5',
    WEBHOOK_RETRY_DELAY_SECONDS: '1',
    // HTTPS only for the suites that ask for it (HTTPS_ENABLED: 'true'): generating the self-signed
    // certificate costs a second of CPU per listening gateway. Then on a free port, never on 8443.
    HTTPS_ENABLED: 'false',
    HTTPS_PORT: '0',
    ...env,
  });
  const app = await buildApp(config, { database, logger });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A gateway listening on 127.0.0.1 whose PUBLIC_URL is its own address (pages and frames build links
 * from it), for browser suites. Returns the gateway and that base URL.
 */
export async function startListeningTestGateway(
  env: Record<string, string> = {},
): Promise<{ gateway: TestGateway; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const gateway = await startTestGateway({ PUBLIC_URL: base, ...env });
  await gateway.app.listen({ port, host: '127.0.0.1' });
  return { gateway, base };
}

/** Webhooks go nowhere and are not retried, so a test never reaches a running middleware. */
export const UNREACHABLE_WEBHOOKS = {
  PAYMENT_WEBHOOK_URL: 'http://127.0.0.1:9/unreachable',
  WEBHOOK_RETRY_LIMIT: '0',
} as const;

/**
 * Starts one gateway for the calling test file (in beforeAll, closed in afterAll) and returns it. Its
 * fields are read when a test or a later hook runs, once the gateway is up. `env` may be a function
 * when it depends on an earlier beforeAll (a webhook receiver's port).
 */
export function useTestGateway(
  env: Record<string, string> | (() => Record<string, string>) = UNREACHABLE_WEBHOOKS,
  logger: FastifyServerOptions['logger'] = false,
): TestGateway {
  // Starting a database and the gateway can take a while on a busy 2-core machine.
  vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });
  let started: TestGateway | undefined;
  beforeAll(async () => {
    started = await startTestGateway(typeof env === 'function' ? env() : env, logger);
  });
  afterAll(async () => started?.close());
  const current = () => {
    if (!started) throw new Error('the test gateway starts in beforeAll: use it inside tests and hooks');
    return started;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get config() {
      return current().config;
    },
    close: () => current().close(),
  };
}

/** A merchant API call with the demo API key. */
export function merchantCall(
  app: ServiceApp,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    headers: { 'x-api-key': DEMO.apiKey, ...headers },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

/** A client API call from the storefront's origin. */
export function clientCall(app: ServiceApp, url: string, body?: unknown, origin: string = DEMO.origin) {
  const separator = url.includes('?') ? '&' : '?';
  const withKey = /[?&](clientKey|token)=/.test(url) ? url : `${url}${separator}clientKey=${DEMO.clientKey}`;
  return app.inject({
    method: body === undefined ? 'GET' : 'POST',
    url: withKey,
    headers: { origin },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

export const testCardMethod = (
  number: string,
  overrides: { month?: string; year?: string; cvc?: string; holderName?: string } = {},
) => ({
  type: 'scheme',
  encryptedCardNumber: `test_${number}`,
  encryptedExpiryMonth: `test_${overrides.month ?? '03'}`,
  encryptedExpiryYear: `test_${overrides.year ?? '2030'}`,
  ...(overrides.cvc === '' ? {} : { encryptedSecurityCode: `test_${overrides.cvc ?? '737'}` }),
  holderName: overrides.holderName ?? 'John Smith',
});

export const paymentRequest = (
  paymentMethod: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) => ({
  amount: { currency: 'EUR', value: 1000 },
  merchantAccount: DEMO.merchantAccount,
  reference: `order-${Math.random().toString(36).slice(2)}`,
  returnUrl: 'http://localhost:3000/checkout/return',
  paymentMethod,
  origin: DEMO.origin,
  authenticationData: { threeDSRequestData: { nativeThreeDS: 'preferred' } },
  ...extra,
});

export const decodeToken = <T>(token: string) =>
  JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as T;
export const encodeBase64Json = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64');
export const encodeBase64UrlJson = (value: object) =>
  Buffer.from(JSON.stringify(value)).toString('base64url');

/** Settings of a gateway in production mode: keys of its own (the demo keys are refused there). */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PAYMENT_API_KEY: 'live-merchant-api-key-0123456789',
  PAYMENT_CLIENT_KEY: 'live_client_key_0123456789',
  PAYMENT_WEBHOOK_HMAC_KEY: 'AB'.repeat(32),
  PAYMENT_WEBHOOK_URL: 'http://127.0.0.1:9/unreachable',
} as const;

/** A second merchant, with its own API key, for tests of what one merchant may do to another's payments. */
export const OTHER_MERCHANT = {
  merchantAccount: 'OtherShop',
  apiKey: 'other_shop_api_key_0123456789',
  clientKey: 'other_shop_client_key',
} as const;

export async function provisionOtherMerchant(gateway: TestGateway) {
  await new MerchantService(gateway.database.db).provision({
    account: OTHER_MERCHANT.merchantAccount,
    apiKey: OTHER_MERCHANT.apiKey,
    clientKey: OTHER_MERCHANT.clientKey,
    allowedOrigins: [DEMO.origin],
    webhookUrl: 'http://127.0.0.1:9/unreachable',
    hmacKeyHex: 'CD'.repeat(32),
  });
}

/** `POST /payments` of 15.00 in the currency given (the test amount of the QR and app-approval methods). */
export const payIn = (
  app: ServiceApp,
  paymentMethod: Record<string, unknown>,
  currency: string,
  extra: Record<string, unknown> = {},
) =>
  merchantCall(
    app,
    'POST',
    '/v71/payments',
    paymentRequest(paymentMethod, { amount: { currency, value: 1500 }, ...extra }),
  );

/** Settles an open payment through the sandbox's outcome API, as its simulator page would. */
export const settleOpenPayment = (app: ServiceApp, pspReference: string, outcome: string) =>
  app.inject({ method: 'POST', url: `/sandbox/payments/${pspReference}/outcome`, payload: { outcome } });

/** Settles a presented payment the way a tester does: found in the sandbox's pending list, then its page's outcome. */
export async function settleFromPendingList(app: ServiceApp, merchantReference: string, outcome: string) {
  const list = await app.inject({ method: 'GET', url: `/sandbox/pending?reference=${merchantReference}` });
  const href = /href="([^"]+\/shopper\/[^"]+)"/.exec(list.body)?.[1];
  if (!href) throw new Error('payment not in the pending list');
  const path = new URL(href.replaceAll('&amp;', '&')).pathname;
  return app.inject({ method: 'POST', url: `${path}/outcome`, payload: { outcome } });
}

/** The webhooks sent for a payment, as `EVENT_CODE:success`. */
export async function webhookEventsOf(app: ServiceApp, pspReference: string) {
  const response = await merchantCall(app, 'GET', `/v71/webhooks/deliveries?pspReference=${pspReference}`);
  return (response.json().deliveries as { eventCode: string; success: boolean }[]).map(
    (entry) => `${entry.eventCode}:${entry.success}`,
  );
}
