import type { DatabaseHandle, ServiceApp } from '@actuate/service-kit';
import { createTestDatabase, describeOperationalEndpoints } from '@actuate/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_NAME, buildApp } from './app.ts';
import { DEMO_SECRETS, readConfig } from './config.ts';

describeOperationalEndpoints(APP_NAME, (database) => buildApp(readConfig({}), { database, logger: false }));

describe('OpenAPI document', () => {
  let database: DatabaseHandle;
  let app: ServiceApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp(readConfig({}), { database, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('declares a success answer and problem-details errors for every route of the middleware', async () => {
    const document = (await app.inject({ url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;
    };
    const operations = Object.entries(document.paths)
      .filter(([path]) => !['/health', '/ready'].includes(path))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ route: `${method} ${path}`, operation })),
      );
    expect(operations.length).toBeGreaterThan(20);
    for (const { route, operation } of operations) {
      const statuses = Object.keys(operation.responses ?? {});
      expect(
        statuses.some((status) => status.startsWith('2')),
        `${route} has a success answer`,
      ).toBe(true);
      const errors = statuses.filter((status) => /^[45]/.test(status));
      expect(errors.length, `${route} has error answers`).toBeGreaterThan(0);
      for (const status of errors) {
        // Problem details, or the subscription hooks' own answer, which the platform reads on any status.
        const schema = JSON.stringify(operation.responses?.[status]);
        expect(
          schema.includes('"title"') || schema.includes('"HttpStatusCode"'),
          `${route} ${status} is problem details`,
        ).toBe(true);
      }
    }
  });
});

describe('service credentials of the routes the storefront’s server calls', () => {
  let database: DatabaseHandle;
  let app: ServiceApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp(readConfig({}), { database, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const buyer = { authorization: 'Bearer some-platform-token' };
  const storefrontRoutes = [
    { method: 'POST', url: '/registrations', payload: {} },
    { method: 'GET', url: '/registrations/me' },
    { method: 'GET', url: '/policy-versions' },
    { method: 'GET', url: '/registrations/00000000-0000-4000-8000-000000000000' },
    { method: 'POST', url: '/payments/sessions', payload: {} },
    { method: 'GET', url: '/erp/orders/ORDER-1' },
    { method: 'POST', url: '/erp/orders/ORDER-1/resubmit' },
    { method: 'GET', url: '/join-requests' },
    { method: 'POST', url: '/join-requests/00000000-0000-4000-8000-000000000000/approve' },
    { method: 'POST', url: '/join-requests/00000000-0000-4000-8000-000000000000/decline', payload: {} },
  ] as const;

  it('refuses each without the storefront’s key, or with a wrong one: 401 problem details, key not echoed', async () => {
    for (const route of storefrontRoutes) {
      for (const key of [undefined, 'guessed-key-1234']) {
        const response = await app.inject({
          ...route,
          headers: { ...buyer, ...(key ? { 'x-api-key': key } : {}) },
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(response.headers['content-type']).toContain('application/problem+json');
        expect(response.json()).toMatchObject({ type: 'urn:actuate:problem:invalid-api-key', status: 401 });
        expect(response.body).not.toContain('guessed-key-1234');
      }
    }
  });

  it('lets the storefront’s key through to the route itself', async () => {
    const key = { 'x-api-key': DEMO_SECRETS.MIDDLEWARE_STOREFRONT_KEY };
    const unknown = await app.inject({
      url: '/registrations/00000000-0000-4000-8000-000000000000',
      headers: key,
    });
    expect(unknown.statusCode).toBe(404);
    const invalid = await app.inject({ method: 'POST', url: '/registrations', payload: {}, headers: key });
    expect(invalid.statusCode).toBe(400);
    // The storefront's key alone does not read an order: the buyer's token is still needed.
    const withoutBuyer = await app.inject({ url: '/erp/orders/ORDER-1', headers: key });
    expect(withoutBuyer.statusCode).toBe(401);
    expect(withoutBuyer.json()).toMatchObject({ type: 'urn:actuate:problem:missing-credentials' });
  });

  it('tells the storefront the terms and privacy versions in force', async () => {
    const key = { 'x-api-key': DEMO_SECRETS.MIDDLEWARE_STOREFRONT_KEY };
    const versions = await app.inject({ url: '/policy-versions', headers: key });
    expect(versions.statusCode).toBe(200);
    expect(versions.json()).toEqual({ termsVersion: 3, privacyVersion: 2 });
    const database2 = await createTestDatabase();
    const configured = await buildApp(
      readConfig({ CURRENT_TERMS_VERSION: '4', CURRENT_PRIVACY_VERSION: '5' }),
      {
        database: database2,
        logger: false,
      },
    );
    try {
      const answer = await configured.inject({ url: '/policy-versions', headers: key });
      expect(answer.json()).toEqual({ termsVersion: 4, privacyVersion: 5 });
    } finally {
      await configured.close();
      await database2.close();
    }
  });

  it('keeps /health, /ready and /docs open', async () => {
    for (const url of ['/health', '/ready', '/docs/json']) {
      expect((await app.inject({ url })).statusCode, url).toBe(200);
    }
  });
});
