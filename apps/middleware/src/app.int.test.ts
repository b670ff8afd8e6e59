import type { DatabaseHandle, ServiceApp } from '@actuate/service-kit';
import { createTestDatabase, describeOperationalEndpoints } from '@actuate/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_NAME, buildApp } from './app.ts';
import { readConfig } from './config.ts';

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
