import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptDelivery, deliveryQueueOptions, isLastAttempt } from './delivery.ts';

describe('attemptDelivery', () => {
  let server: Server;
  let base: string;
  const received: { headers: Record<string, unknown>; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        if (request.url === '/slow') return; // never answers
        response.statusCode = request.url === '/down' ? 503 : 200;
        response.end(request.url === '/down' ? 'maintenance' : '{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('posts the body with its headers and reports a 2xx as delivered', async () => {
    const attempt = await attemptDelivery(`${base}/ok`, {
      body: '{"a":1}',
      headers: { 'x-signature': 'abc' },
    });
    expect(attempt).toMatchObject({
      delivered: true,
      statusCode: 200,
      error: null,
      responseText: '{"ok":true}',
    });
    expect(received.at(-1)).toMatchObject({
      body: '{"a":1}',
      headers: { 'content-type': 'application/json', 'x-signature': 'abc' },
    });
  });

  it('reports a non-2xx answer as a failed attempt with its status and body', async () => {
    const attempt = await attemptDelivery(`${base}/down`, { body: '{}', headers: {} });
    expect(attempt).toMatchObject({
      delivered: false,
      statusCode: 503,
      error: 'HTTP 503',
      responseText: 'maintenance',
    });
  });

  it('reports a receiver that does not answer in time without throwing', async () => {
    const attempt = await attemptDelivery(`${base}/slow`, { body: '{}', headers: {}, timeoutMs: 200 });
    expect(attempt.delivered).toBe(false);
    expect(attempt.statusCode).toBeNull();
    expect(attempt.error).toBeTruthy();
  });

  it('reports a refused connection without throwing', async () => {
    const attempt = await attemptDelivery('http://127.0.0.1:1/', { body: '{}', headers: {} });
    expect(attempt).toMatchObject({ delivered: false, statusCode: null });
  });
});

describe('retry policy', () => {
  it('counts the attempt after the retry limit as the last', () => {
    expect(isLastAttempt(2, 3)).toBe(false);
    expect(isLastAttempt(3, 3)).toBe(true);
  });

  it('orders deliveries per key only when asked', () => {
    expect(
      deliveryQueueOptions({ retryLimit: 5, retryDelaySeconds: 2, retryDelayMaxSeconds: 60, ordered: true }),
    ).toEqual({
      policy: 'key_strict_fifo',
      retryLimit: 5,
      retryDelay: 2,
      retryBackoff: true,
      retryDelayMax: 60,
    });
    expect(
      deliveryQueueOptions({ retryLimit: 5, retryDelaySeconds: 2, retryDelayMaxSeconds: 60 }),
    ).not.toHaveProperty('policy');
  });
});
