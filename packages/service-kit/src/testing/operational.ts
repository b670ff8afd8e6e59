import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceApp } from '../app.ts';
import type { DatabaseHandle } from '../database.ts';
import { createTestDatabase } from './database.ts';

/**
 * The checks every app must pass, whatever its business: it starts on a fresh database with its
 * migrations, answers /health, /ready and /docs, and renders unknown routes in its error format.
 */
export function describeOperationalEndpoints(
  name: string,
  build: (database: DatabaseHandle) => Promise<ServiceApp>,
) {
  describe(`${name}: operational endpoints`, () => {
    let database: DatabaseHandle;
    let app: ServiceApp;

    beforeAll(async () => {
      database = await createTestDatabase();
      app = await build(database);
      await app.ready();
    });

    afterAll(async () => {
      await app?.close();
      await database?.close();
    });

    it('answers /health', async () => {
      const response = await app.inject({ url: '/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'ok', service: name });
    });

    it('is ready with every migration applied', async () => {
      const response = await app.inject({ url: '/ready' });
      expect(response.json()).toMatchObject({
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok' },
      });
      expect(response.statusCode).toBe(200);
    });

    it('publishes its OpenAPI document and UI at /docs', async () => {
      const document = await app.inject({ url: '/docs/json' });
      expect(document.statusCode).toBe(200);
      expect(document.json().info.title).toBe(`Actuate ${name}`);
      expect((await app.inject({ url: '/docs/' })).statusCode).toBe(200);
    });

    it('answers an unknown route with a 404 in its error format', async () => {
      const response = await app.inject({ url: '/no-such-route' });
      expect(response.statusCode).toBe(404);
      expect(response.body.length).toBeGreaterThan(0);
    });
  });
}
