import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServiceApp, type ServiceApp } from './app.ts';

describe('errors the router raises before any route', () => {
  let app: ServiceApp;

  beforeAll(async () => {
    app = await createServiceApp({ name: 'routed', description: 'test', logger: false });
    app.get('/things/:id', { schema: { params: z.object({ id: z.string().max(2048) }) } }, async () => ({}));
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers a path parameter over the router’s limit in the app’s format', async () => {
    const long = 'x'.repeat(500);
    const response = await app.inject({ url: `/things/${long}` });
    expect(response.statusCode).toBe(414);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 414, detail: 'A path segment is too long.' });
  });

  it('answers a malformed percent-encoding in the app’s format', async () => {
    const response = await app.inject({ url: '/things/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 400 });
  });
});
