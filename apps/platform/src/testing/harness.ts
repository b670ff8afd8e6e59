import type { DatabaseHandle, ServiceApp } from '@actuate/service-kit';
import { createTestDatabase } from '@actuate/service-kit/testing';
import { vi } from 'vitest';
import { buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import {
  BUYER_BASE_PROFILE_ID,
  MIDDLEWARE_CLIENT_ID,
  STOREFRONT_CLIENT_ID,
} from '../modules/auth/bootstrap.ts';

export const MIDDLEWARE_SECRET = 'test-middleware-secret-1234';

// Suites build a platform (migrations, argon2 hashes, a catalogue) per file: give set-up room on a
// busy 2-core machine, whatever the workspace's default timeouts are.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

export interface Platform {
  app: ServiceApp;
  database: DatabaseHandle;
  /** A FullAccess token of the middleware's admin client. */
  adminToken: string;
  close(): Promise<void>;
}

// No scheduled subscription runs unless a test asks: suites trigger runs through the API.
const testConfig = (env: Record<string, string> = {}) =>
  readConfig({ MIDDLEWARE_CLIENT_SECRET: MIDDLEWARE_SECRET, SUBSCRIPTION_RUN_INTERVAL_MINUTES: '0', ...env });

/** The platform on a fresh test database (one per test file), with an admin token ready. */
export async function startPlatform(env: Record<string, string> = {}): Promise<Platform> {
  const database = await createTestDatabase();
  const config = testConfig(env);
  const app = await buildApp(config, {
    database,
    // TEST_LOG=error shows what a 500 hides.
    logger: process.env.TEST_LOG ? { level: process.env.TEST_LOG } : false,
  });
  await app.ready();
  const response = await requestToken(app, {
    grant_type: 'client_credentials',
    client_id: MIDDLEWARE_CLIENT_ID,
    client_secret: MIDDLEWARE_SECRET,
  });
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body}`);
  return {
    app,
    database,
    adminToken: response.json().access_token,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Another instance of the platform on the same database, as a second server behind the load
 * balancer: what it caches must follow writes made through the first. The caller closes it.
 */
export async function startSecondInstance(
  platform: Platform,
  env: Record<string, string> = {},
): Promise<ServiceApp> {
  const app = await buildApp(testConfig(env), { database: platform.database, logger: false });
  await app.ready();
  return app;
}

/** A token of the middleware's admin user narrowed to the given roles (its profile holds FullAccess). */
export async function adminWithRoles(platform: Platform, ...roles: string[]): Promise<string> {
  const response = await requestToken(platform.app, {
    grant_type: 'client_credentials',
    client_id: MIDDLEWARE_CLIENT_ID,
    client_secret: MIDDLEWARE_SECRET,
    scope: roles.join(' '),
  });
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body}`);
  return response.json().access_token;
}

export function requestToken(app: ServiceApp, form: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A JSON call with a bearer token. */
export function call(app: ServiceApp, token: string, method: Method, url: string, body?: unknown) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/**
 * Callers for a suite whose platform starts in `beforeAll` (hence the getter): `as(token)(method, url,
 * body?)` and `admin(method, url, body?)` with the admin client's FullAccess token.
 */
export function callers(platform: () => Platform) {
  const as = (token: string) => (method: Method, url: string, body?: unknown) =>
    call(platform().app, token, method, url, body);
  const admin = (method: Method, url: string, body?: unknown) => as(platform().adminToken)(method, url, body);
  return { as, admin };
}

/** The claims of an access token (not verified: tests read what the platform signed). */
export const decodeClaims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as Record<string, unknown>;

/** The ErrorCode of the first error of an OrderCloud error answer. */
export function errorCode(response: { json(): unknown }): string | undefined {
  return (response.json() as { Errors?: { ErrorCode: string }[] }).Errors?.[0]?.ErrorCode;
}

export async function expectOk<T = Record<string, unknown>>(
  response: Awaited<ReturnType<typeof call>>,
  status = 200,
): Promise<T> {
  if (response.statusCode !== status) {
    throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  }
  return (response.body ? response.json() : undefined) as T;
}

export const DEMO_PASSWORD = 'actuate-demo';

export interface BuyerFixture {
  buyerId: string;
  userId: string;
  username: string;
}

/** A buyer company with one user holding the buyer base profile (and extra profiles if given). */
export async function createBuyerWithUser(
  platform: Platform,
  fixture: BuyerFixture & { currency?: 'DKK' | 'EUR'; profiles?: string[] },
): Promise<void> {
  const { app, adminToken } = platform;
  const buyer = await call(app, adminToken, 'GET', `/v1/buyers/${fixture.buyerId}`);
  if (buyer.statusCode === 404) {
    await expectOk(
      await call(app, adminToken, 'POST', '/v1/buyers', {
        ID: fixture.buyerId,
        Name: `Buyer ${fixture.buyerId}`,
        Active: true,
        xp: {
          CrmId: `CRM-${fixture.buyerId}`,
          ErpId: `ERP-${fixture.buyerId}`,
          SalesCompanyId: 'ACD',
          CreditHold: false,
          Currency: fixture.currency ?? 'DKK',
          CountryCode2: 'DK',
          CountryCode3: 'DNK',
        },
      }),
      201,
    );
  }
  await expectOk(
    await call(app, adminToken, 'POST', `/v1/buyers/${fixture.buyerId}/users`, {
      ID: fixture.userId,
      Username: fixture.username,
      Password: DEMO_PASSWORD,
      FirstName: 'Test',
      LastName: fixture.userId,
      Email: fixture.username,
      Active: true,
    }),
    201,
  );
  for (const profile of [BUYER_BASE_PROFILE_ID, ...(fixture.profiles ?? [])]) {
    await expectOk(
      await call(app, adminToken, 'POST', '/v1/securityprofiles/assignments', {
        SecurityProfileID: profile,
        BuyerID: fixture.buyerId,
        UserID: fixture.userId,
      }),
      204,
    );
  }
}

/** A user group of a buyer with the given users in it (e.g. the approvers of an approval rule). */
export async function createUserGroup(
  platform: Platform,
  group: { buyerId: string; groupId: string; name?: string; userIds: string[] },
): Promise<void> {
  const { app, adminToken } = platform;
  const base = `/v1/buyers/${group.buyerId}/usergroups`;
  await expectOk(
    await call(app, adminToken, 'POST', base, { ID: group.groupId, Name: group.name ?? group.groupId }),
    201,
  );
  for (const userId of group.userIds) {
    await expectOk(
      await call(app, adminToken, 'POST', `${base}/assignments`, {
        UserGroupID: group.groupId,
        UserID: userId,
      }),
      204,
    );
  }
}

/** Logs a buyer user in through the storefront client. */
export async function loginAs(app: ServiceApp, username: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await requestToken(app, {
    grant_type: 'password',
    client_id: STOREFRONT_CLIENT_ID,
    username,
    password,
  });
  if (response.statusCode !== 200) throw new Error(`login of ${username} failed: ${response.body}`);
  return response.json().access_token;
}
