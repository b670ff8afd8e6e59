import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCallerOf, callerOfKey, documentApiKey, requireApiKey, safeEqual } from './api-keys.ts';
import { createServiceApp, type ServiceApp } from './app.ts';

const keys = { storefront: 'storefront-key-0123456789', middleware: 'middleware-key-0123456789' };

describe('safeEqual and callerOfKey', () => {
  it('compares whole values of any length', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('', 'abc')).toBe(false);
  });

  it('names the caller a key belongs to, or none', () => {
    expect(callerOfKey(keys, 'middleware-key-0123456789')).toBe('middleware');
    expect(callerOfKey(keys, ['storefront-key-0123456789'])).toBe('storefront');
    expect(callerOfKey(keys, 'storefront-key-012345678')).toBeUndefined();
    expect(callerOfKey(keys, undefined)).toBeUndefined();
    expect(callerOfKey(keys, '')).toBeUndefined();
  });
});

describe('requireApiKey on a service', () => {
  let app: ServiceApp;

  beforeAll(async () => {
    app = await createServiceApp({ name: 'keyed', description: 'test', logger: false });
    app.get('/business', { onRequest: requireApiKey(keys) }, async (request) => ({
      caller: apiCallerOf(request),
    }));
    documentApiKey(app, 'test keys', (path) => path === '/business');
    await app.ready();
  });
  afterAll(() => app.close());

  it('refuses a missing or wrong key with 401 problem details that do not echo it', async () => {
    const missing = await app.inject({ url: '/business' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ status: 401, type: expect.stringContaining('invalid-api-key') });
    const wrong = await app.inject({ url: '/business', headers: { 'x-api-key': 'guessed-key-value' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('guessed-key-value');
  });

  it('lets each configured caller through and names it', async () => {
    const answer = await app.inject({ url: '/business', headers: { 'x-api-key': keys.middleware } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ caller: 'middleware' });
  });

  it('keeps /health open and documents the scheme on the secured operations only', async () => {
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
    const document = app.swagger() as {
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, { get: { security?: unknown } }>;
    };
    expect(document.components.securitySchemes.apiKey).toMatchObject({ in: 'header', name: 'x-api-key' });
    expect(document.paths['/business']?.get.security).toEqual([{ apiKey: [] }]);
    expect(document.paths['/health']?.get.security).toBeUndefined();
  });
});
