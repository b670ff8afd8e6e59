import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceApp, type ServiceApp } from './app.ts';
import { redactSecrets, redactUrl } from './logger.ts';

/** A service app whose log lines are captured as parsed JSON. */
async function appWithCapturedLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = await createServiceApp({
    name: 'log-test',
    description: 'log test',
    logger: { level: 'info', stream },
  });
  return { app, lines, text: () => JSON.stringify(lines) };
}

interface LoggedRequest {
  headers: Record<string, string>;
  body: { user: { password: string }; paymentMethod: { card: { number: string } } };
}

let open: ServiceApp | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

const SECRETS = [
  'Bearer eyJhbGciOi.secret-jwt',
  'session=cookie-secret',
  'api-key-secret',
  'oc-hash-secret',
  'erp-signature-secret',
  'pw-secret',
  'Pw-Secret-2',
  'token-secret',
  'access-secret',
  'refresh-secret',
  'client-secret-value',
  'hmac-secret',
  'adyenjs_0_1_25$card-blob',
  '4111111111111111',
  '737',
];

describe('service logger redaction', () => {
  it('never writes secret headers, fields at any depth, card data or secret query values', async () => {
    const { app, lines, text } = await appWithCapturedLog();
    open = app;
    app.post('/echo', async (request) => {
      request.log.info(
        {
          headers: request.headers,
          body: request.body,
          payload: { deep: { deeper: { deepest: { list: [{ token: 'token-secret' }] } } } },
          access_token: 'access-secret',
        },
        'handled',
      );
      request.log.child({ refresh_token: 'refresh-secret' }).warn('child logger');
      return { ok: true };
    });
    await app.ready();
    const response = await app.inject({
      method: 'POST',
      url: '/echo?token=token-secret&page=2',
      headers: {
        authorization: 'Bearer eyJhbGciOi.secret-jwt',
        cookie: 'session=cookie-secret',
        'x-api-key': 'api-key-secret',
        'x-oc-hash': 'oc-hash-secret',
        'x-erp-signature': 'erp-signature-secret',
      },
      payload: {
        Password: 'pw-secret',
        user: { password: 'Pw-Secret-2', ClientSecret: 'client-secret-value', hmacKey: 'hmac-secret' },
        paymentMethod: {
          encryptedCardNumber: 'adyenjs_0_1_25$card-blob',
          card: { number: '4111111111111111', cvc: '737' },
        },
        client_secret: 'client-secret-value',
      },
    });
    expect(response.statusCode).toBe(200);
    const logged = text();
    for (const secret of SECRETS) expect(logged, secret).not.toContain(secret);
    // What is not secret still reaches the log.
    const handled = lines.find((line) => line.msg === 'handled') as unknown as LoggedRequest;
    expect(handled.headers.host).toBe('localhost:80');
    expect(handled.headers['x-api-key']).toBe('[Redacted]');
    expect(handled.body.user.password).toBe('[Redacted]');
    expect(handled.body.paymentMethod.card.number).toBe('[Redacted]');
    const incoming = lines.find((line) => line.msg === 'incoming request') as unknown as {
      req: { url: string };
    };
    expect(incoming.req.url).toBe('/echo?token=[Redacted]&page=2');
  });

  it('redacts plain objects without touching the original, and leaves other values alone', () => {
    const original = { a: 1, nested: { Token: 'x', keep: 'y' }, list: [{ cvc: '123' }, 2] };
    const redacted = redactSecrets(original);
    expect(redacted).toEqual({
      a: 1,
      nested: { Token: '[Redacted]', keep: 'y' },
      list: [{ cvc: '[Redacted]' }, 2],
    });
    expect(original.nested.Token).toBe('x');
    const plain = { a: { b: 1 } };
    expect(redactSecrets(plain)).toBe(plain);
    const error = new Error('boom');
    expect(redactSecrets({ err: error }).err).toBe(error);
    expect(redactUrl('/oauth/token?code=abc&state=1')).toBe('/oauth/token?code=[Redacted]&state=1');
    expect(redactUrl('/plain')).toBe('/plain');
    expect(redactUrl('/v1/password/reset/Zm9vYmFy')).toBe('/v1/password/reset/[Redacted]');
    expect(redactUrl('/v1/Password/Reset/Zm9v?x=1')).toBe('/v1/Password/Reset/[Redacted]?x=1');
    expect(redactUrl('/v1/password/reset')).toBe('/v1/password/reset');
  });
});
