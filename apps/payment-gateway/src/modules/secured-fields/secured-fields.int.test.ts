import { Writable } from 'node:stream';
import { CompactEncrypt, exportJWK, generateKeyPair, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encryptValue } from '../../../../../packages/checkout/src/secured-fields/encrypt.ts';
import {
  DEMO,
  merchantCall,
  paymentRequest,
  startTestGateway,
  type TestGateway,
  testCardMethod,
} from '../../testing.ts';

// Starting a database and the gateway can take a while on a busy 2-core machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

const PAN = '4111111111111111';
const logLines: string[] = [];
let gateway: TestGateway;
let publicKey: JWK;

beforeAll(async () => {
  const capture = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  gateway = await startTestGateway(
    { PAYMENT_WEBHOOK_URL: 'http://127.0.0.1:9/unreachable', WEBHOOK_RETRY_LIMIT: '0' },
    { level: 'trace', stream: capture },
  );
  const page = await framePage(`d=${Buffer.from(DEMO.origin).toString('base64')}`);
  publicKey = JSON.parse(
    /<script id="sf-config" type="application\/json">(.*?)<\/script>/s.exec(page.body)?.[1] ?? '{}',
  ).publicKey;
});
afterAll(async () => gateway?.close());

function framePage(query: string, clientKey: string = DEMO.clientKey) {
  return gateway.app.inject({
    url: `/securedfields/${clientKey}/5.5.0/securedFields.html?type=card&${query}`,
  });
}

async function encryptedCard(number: string, jwk: JsonWebKey = publicKey as JsonWebKey) {
  return {
    type: 'scheme',
    encryptedCardNumber: await encryptValue(jwk, 'number', number),
    encryptedExpiryMonth: await encryptValue(jwk, 'expiryMonth', '03'),
    encryptedExpiryYear: await encryptValue(jwk, 'expiryYear', '2030'),
    encryptedSecurityCode: await encryptValue(jwk, 'cvc', '737'),
    holderName: 'Jane Doe',
  };
}

describe('secured-field frame page', () => {
  it('serves the frame for an allowed parent origin, framed only by it, with the public key', async () => {
    const page = await framePage(`d=${Buffer.from(DEMO.origin).toString('base64')}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain(`frame-ancestors ${DEMO.origin}`);
    expect(publicKey).toMatchObject({ kty: 'RSA', alg: 'RSA-OAEP-256', n: expect.any(String), e: 'AQAB' });
    expect(publicKey).not.toHaveProperty('d');
    const script = /<script src="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const bundle = await gateway.app.inject({ url: script });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toContain('javascript');
    expect(bundle.body.length).toBeGreaterThan(1000);
    expect(
      (
        await gateway.app.inject({
          url: `/checkoutshopper/securedfields/${DEMO.clientKey}/5.5.0/securedFields.html?origin=${encodeURIComponent(DEMO.origin)}`,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses unknown keys, missing or foreign parent origins', async () => {
    expect((await framePage(`d=${Buffer.from(DEMO.origin).toString('base64')}`, 'nope')).statusCode).toBe(
      401,
    );
    expect((await framePage('type=card')).statusCode).toBe(400);
    expect((await framePage(`d=${Buffer.from('https://evil.example').toString('base64')}`)).statusCode).toBe(
      403,
    );
  });
});

describe('JWE round trip (frame encryption → /payments decryption)', () => {
  it('authorises a card encrypted as the frame does', async () => {
    const response = await merchantCall(
      gateway.app,
      'POST',
      '/v71/payments',
      paymentRequest(await encryptedCard(PAN)),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ resultCode: 'Authorised', paymentMethod: { brand: 'visa' } });
  });

  it('binLookup takes the encrypted BIN', async () => {
    const response = await gateway.app.inject({
      method: 'POST',
      url: `/v3/bin/binLookup?token=${DEMO.clientKey}`,
      headers: { origin: DEMO.origin },
      payload: { encryptedBin: await encryptValue(publicKey as JsonWebKey, 'bin', '411111'), requestId: '1' },
    });
    expect(response.json()).toMatchObject({ brands: [{ brand: 'visa' }] });
  });

  it('refuses blobs for another key, tampered blobs, other algorithms and stale blobs', async () => {
    const { publicKey: otherKey } = await generateKeyPair('RSA-OAEP-256', { extractable: true });
    const foreign = await encryptedCard(PAN, (await exportJWK(otherKey)) as JsonWebKey);
    const foreignResponse = await merchantCall(gateway.app, 'POST', '/v71/payments', paymentRequest(foreign));
    expect(foreignResponse.json()).toMatchObject({ status: 422, errorCode: '174' });
    const genuine = await encryptedCard(PAN);
    const parts = genuine.encryptedCardNumber.split('.');
    parts[3] = `${parts[3]?.slice(0, -2)}AA`;
    const tampered = await merchantCall(
      gateway.app,
      'POST',
      '/v71/payments',
      paymentRequest({ ...genuine, encryptedCardNumber: parts.join('.') }),
    );
    expect(tampered.json()).toMatchObject({ errorCode: '174' });
    const stale = await encryptValue(
      publicKey as JsonWebKey,
      'number',
      PAN,
      new Date(Date.now() - 48 * 3600_000),
    );
    const staleResponse = await merchantCall(
      gateway.app,
      'POST',
      '/v71/payments',
      paymentRequest({ ...genuine, encryptedCardNumber: stale }),
    );
    expect(staleResponse.json()).toMatchObject({ errorCode: '165' });
    const key = await (await import('jose')).importJWK(publicKey, 'RSA-OAEP');
    const weak = await new CompactEncrypt(
      new TextEncoder().encode(JSON.stringify({ number: PAN, generationtime: new Date().toISOString() })),
    )
      .setProtectedHeader({ alg: 'RSA-OAEP', enc: 'A128GCM' })
      .encrypt(key);
    const weakResponse = await merchantCall(
      gateway.app,
      'POST',
      '/v71/payments',
      paymentRequest({ ...genuine, encryptedCardNumber: weak }),
    );
    expect(weakResponse.json()).toMatchObject({ errorCode: '174' });
  });
});

describe('card data never reaches logs, errors or responses', () => {
  it('keeps the PAN out of every log line', async () => {
    const responses = [
      await merchantCall(gateway.app, 'POST', '/v71/payments', paymentRequest(testCardMethod(PAN))),
      await merchantCall(gateway.app, 'POST', '/v71/payments', paymentRequest(await encryptedCard(PAN))),
      await merchantCall(
        gateway.app,
        'POST',
        '/v71/payments',
        paymentRequest(testCardMethod('4111111111111112')),
      ),
      await merchantCall(
        gateway.app,
        'POST',
        '/v71/payments',
        paymentRequest(testCardMethod(PAN, { cvc: '12' })),
      ),
      await merchantCall(gateway.app, 'POST', '/v71/payments', {
        ...paymentRequest(testCardMethod(PAN)),
        amount: 'lots',
      }),
      await merchantCall(
        gateway.app,
        'POST',
        '/v71/payments',
        paymentRequest(testCardMethod('4212345678910006')),
      ),
    ];
    expect(logLines.length).toBeGreaterThan(6);
    const everything = logLines.join('\n') + responses.map((response) => response.body).join('\n');
    expect(everything).not.toContain(PAN);
    expect(everything).not.toContain('4111111111111112');
    expect(everything).not.toContain('4212345678910006');
    expect(everything).not.toContain('sandbox_api_key_actuate');
    const stored = await gateway.database.db.execute('select * from payments' as never);
    expect(JSON.stringify(stored)).not.toContain(PAN);
  });
});
