import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from './index.ts';
import { findUnsafeText } from './input-guard.ts';
import { createService, type Service } from './service.ts';
import { createTestDatabase } from './testing/database.ts';

const migrationsFolder = fileURLToPath(new URL('./testing/fixture-migrations', import.meta.url));
const widgets = pgTable('widgets', { id: text('id').primaryKey(), name: text('name').notNull() });

/** Text no database stores never reaches one: every app answers 400 in its own format instead of 500. */
describe('service kit: NUL and unpaired surrogates are refused before any route', () => {
  let database: DatabaseHandle;
  let service: Service;

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await createService({
      name: 'guard-test',
      description: 'A service built only to test the input guard',
      migrationsFolder,
      database,
      logger: false,
    });
    const { app } = service;
    const db = () => service.database.db;
    app.get('/widgets/:id', { schema: { params: z.object({ id: z.string() }) } }, async (request, reply) => {
      const [row] = await db().select().from(widgets).where(eq(widgets.id, request.params.id));
      return row ?? reply.status(404).send({ missing: true });
    });
    app.get('/widgets', async (request) => {
      const { name } = request.query as { name?: string };
      return db()
        .select()
        .from(widgets)
        .where(name === undefined ? undefined : eq(widgets.name, name));
    });
    app.post(
      '/widgets',
      { schema: { body: z.object({ id: z.string(), name: z.string(), extra: z.unknown().optional() }) } },
      async (request, reply) => {
        await db().insert(widgets).values({ id: request.body.id, name: request.body.name });
        // What a JSON column does with the whole body.
        await db().execute(sql`select ${JSON.stringify(request.body)}::jsonb`);
        return reply.status(201).send({ id: request.body.id });
      },
    );
    await app.ready();
  });

  afterAll(async () => {
    await service?.app.close();
    await database?.close();
  });

  const post = (payload: string) =>
    service.app.inject({
      method: 'POST',
      url: '/widgets',
      headers: { 'content-type': 'application/json' },
      payload,
    });

  const expectRefused = (response: Awaited<ReturnType<typeof post>>, where: string) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    const body = response.json();
    expect(body).toMatchObject({ type: 'urn:actuate:problem:validation', status: 400 });
    expect(body.detail).toContain(where);
  };

  it('refuses a NUL in a path parameter', async () => {
    expectRefused(await service.app.inject({ url: '/widgets/a%00b' }), 'params.id');
  });

  it('refuses a NUL in a query value or name', async () => {
    expectRefused(await service.app.inject({ url: '/widgets?name=%00' }), 'query.name');
    expectRefused(await service.app.inject({ url: '/widgets?name=a&na%00me=1' }), 'query.na?me');
  });

  it('refuses a NUL or an unpaired surrogate anywhere in a JSON body, and stores nothing', async () => {
    expectRefused(await post('{"id":"w1","name":"a\\u0000b"}'), 'body.name');
    expectRefused(
      await post('{"id":"w2","name":"ok","extra":{"list":["x","\\ud800"]}}'),
      'body.extra.list.1',
    );
    expectRefused(await post('{"id":"w3","name":"ok","extra":{"a\\u0000":1}}'), 'body.extra.a?');
    expectRefused(await post('{"id":"w4","name":"\\udc00 low first"}'), 'body.name');
    const stored = await service.database.db.select().from(widgets);
    expect(stored.filter((row) => ['w1', 'w2', 'w3', 'w4'].includes(row.id))).toEqual([]);
  });

  it('lets well-formed text through, surrogate pairs included', async () => {
    const response = await post('{"id":"w5","name":"Motor \\ud83d\\ude00 ✓","extra":{"note":"æøå"}}');
    expect(response.statusCode, response.body).toBe(201);
    expect((await service.app.inject({ url: '/widgets/w5' })).json()).toEqual({
      id: 'w5',
      name: 'Motor 😀 ✓',
    });
  });

  it('walks deeply nested bodies without exhausting the stack', () => {
    let nested: unknown = 'x\u0000';
    for (let depth = 0; depth < 100_000; depth++) nested = [nested];
    expect(findUnsafeText('body', nested)?.problem).toBe('NUL character');
  });
});
