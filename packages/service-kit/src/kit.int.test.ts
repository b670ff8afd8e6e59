import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  badRequest,
  type DatabaseHandle,
  type ErrorFormat,
  HttpError,
  type Job,
  seedOnce,
  seedRuns,
  type Transaction,
} from './index.ts';
import { createService, type Service } from './service.ts';
import { createTestDatabase } from './testing/database.ts';

const migrationsFolder = fileURLToPath(new URL('./testing/fixture-migrations', import.meta.url));
const widgets = pgTable('widgets', { id: text('id').primaryKey(), name: text('name').notNull() });

describe('service kit on a real database', () => {
  let database: DatabaseHandle;
  let service: Service;
  const handled: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await createService({
      name: 'kit-test',
      description: 'A service built only to test the kit',
      migrationsFolder,
      database,
      logger: false,
      jobPollingIntervalSeconds: 0.5,
      queues: [
        {
          name: 'widget-created',
          handle: async (job: Job<{ id: string }>) => {
            handled.push(job.data.id);
          },
        },
      ],
    });
    const { app } = service;
    app.post(
      '/widgets',
      { schema: { body: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]+$/), name: z.string().min(1) }) } },
      async (request, reply) => {
        if (request.body.id === 'taken')
          throw badRequest('widget-taken', 'That id is taken.', { field: 'id' });
        await service.database.db.transaction(async (tx) => {
          await tx.insert(widgets).values(request.body);
          await service.jobs!.enqueue(tx, 'widget-created', { id: request.body.id });
        });
        return reply.status(201).send(request.body);
      },
    );
    // A page of items as a catalogue answers it: repetitive JSON, a few kilobytes.
    app.get('/widget-page', async () => ({
      Items: Array.from({ length: 40 }, (_, index) => ({ ID: `widget-${index}`, Name: `Widget ${index}` })),
    }));
    app.get('/crash', async () => {
      throw new Error('secret internal detail');
    });
    await app.ready();
  });

  afterAll(async () => {
    await service?.app.close();
    await database?.close();
  });

  it('answers /health and /ready once migrations are applied', async () => {
    const health = await service.app.inject({ url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', service: 'kit-test' });
    const ready = await service.app.inject({ url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
    expect(await database.pendingMigrations(migrationsFolder)).toBe(0);
  });

  it('applies migrations idempotently', async () => {
    await database.migrate(migrationsFolder);
    expect(await database.pendingMigrations(migrationsFolder)).toBe(0);
  });

  it('publishes an OpenAPI document with the routes and the UI at /docs', async () => {
    const document = (await service.app.inject({ url: '/docs/json' })).json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/widgets'].post.requestBody).toBeDefined();
    const ui = await service.app.inject({ url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('compresses answers over 1 KB for clients that accept it: brotli, else gzip, else none', async () => {
    const plain = await service.app.inject({ url: '/widget-page' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const document = plain.body;
    expect(document.length).toBeGreaterThan(1024);

    const br = await service.app.inject({ url: '/widget-page', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(document);
    expect(br.rawPayload.length).toBeLessThan(document.length / 3);

    const gzip = await service.app.inject({ url: '/widget-page', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(document);

    const small = await service.app.inject({ url: '/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('echoes or assigns a request id', async () => {
    const given = await service.app.inject({ url: '/health', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const assigned = await service.app.inject({ url: '/health' });
    expect(assigned.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('renders validation failures as problem details naming the field', async () => {
    const response = await service.app.inject({
      method: 'POST',
      url: '/widgets',
      payload: { id: 'bad id!', name: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    const body = response.json();
    expect(body).toMatchObject({ type: 'urn:actuate:problem:validation', status: 400, instance: '/widgets' });
    expect(body.issues.map((issue: { path: string }) => issue.path).sort()).toEqual(['id', 'name']);
  });

  it('answers malformed JSON with 400 and changes nothing', async () => {
    const response = await service.app.inject({
      method: 'POST',
      url: '/widgets',
      headers: { 'content-type': 'application/json' },
      payload: '{"id": "w1", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().type).toBe('urn:actuate:problem:malformed-json');
    expect(await service.database.db.select().from(widgets)).toEqual([]);
  });

  it('renders domain errors with their status and extension members', async () => {
    const response = await service.app.inject({
      method: 'POST',
      url: '/widgets',
      payload: { id: 'taken', name: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 'urn:actuate:problem:widget-taken', field: 'id' });
  });

  it('answers unknown routes with 404 problem details', async () => {
    const response = await service.app.inject({ url: '/nope?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, detail: 'No route GET /nope.' });
  });

  it('hides the cause of unexpected failures', async () => {
    const response = await service.app.inject({ url: '/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
    expect(response.json().type).toBe('urn:actuate:problem:internal');
  });

  it('runs a job enqueued in a committed transaction', async () => {
    const response = await service.app.inject({
      method: 'POST',
      url: '/widgets',
      payload: { id: 'w1', name: 'Widget' },
    });
    expect(response.statusCode).toBe(201);
    await expect.poll(() => handled, { timeout: 15_000 }).toContain('w1');
  });

  it('never runs a job whose transaction rolled back', async () => {
    await expect(
      service.database.db.transaction(async (tx) => {
        await tx.insert(widgets).values({ id: 'w2', name: 'Rolled back' });
        await service.jobs!.enqueue(tx, 'widget-created', { id: 'w2' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await service.database.db.select().from(widgets).where(eq(widgets.id, 'w2'))).toEqual([]);
    await service.jobs!.enqueue(service.database.db, 'widget-created', { id: 'w3' });
    await expect.poll(() => handled, { timeout: 15_000 }).toContain('w3');
    expect(handled).not.toContain('w2');
  });

  it('seeds once per key, atomically', async () => {
    const log = service.app.log;
    const seeded: string[] = [];
    const seeder = {
      name: 'widgets',
      seed: async (tx: Transaction) => {
        await tx.insert(widgets).values({ id: 'seeded', name: 'Seeded' });
        seeded.push('once');
        return { widgets: 1 };
      },
    };
    const failing = { name: 'broken', seed: async () => Promise.reject(new Error('seed failed')) };
    await expect(seedOnce(database.db, 'broken-set', [seeder, failing], log)).rejects.toThrow('seed failed');
    expect(await database.db.select().from(widgets).where(eq(widgets.id, 'seeded'))).toEqual([]);
    expect(await seedOnce(database.db, 'demo', [seeder], log)).toBe('seeded');
    expect(await seedOnce(database.db, 'demo', [seeder], log)).toBe('already-seeded');
    const [run] = await database.db.select().from(seedRuns).where(eq(seedRuns.key, 'demo'));
    expect(run?.details).toEqual({ widgets: { widgets: 1 } });
  });
});

describe('custom error formats', () => {
  it('lets an app render errors its own way', async () => {
    const database = await createTestDatabase();
    const format: ErrorFormat = {
      contentType: 'application/json; charset=utf-8',
      render: (error: HttpError) => ({ Errors: [{ ErrorCode: error.code, Message: error.message }] }),
    };
    const { app } = await createService({
      name: 'format-test',
      description: 'x',
      migrationsFolder,
      database,
      logger: false,
      errorFormat: format,
    });
    app.get('/thing', async () => {
      throw new HttpError(404, 'NotFound', 'Thing not found');
    });
    const response = await app.inject({ url: '/thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ Errors: [{ ErrorCode: 'NotFound', Message: 'Thing not found' }] });
    await app.close();
    await database.close();
  });
});
