import { createCipheriv, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { CompactEncrypt, compactDecrypt, exportJWK, generateKeyPair, type JWK } from 'jose';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type ContentKey,
  createContentKey,
  encryptValue,
} from '../../../../../packages/checkout/src/secured-fields/encrypt.ts';
import {
  DEMO,
  merchantCall,
  paymentRequest,
  testCardMethod,
  UNREACHABLE_WEBHOOKS,
  useTestGateway,
} from '../../testing/index.ts';

const PAN = '4111111111111111';
const logLines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});
const gateway = useTestGateway(UNREACHABLE_WEBHOOKS, { level: 'trace', stream: capture });
let publicKey: JWK;

beforeAll(async () => {
  const page = await framePage(`d=${Buffer.from(DEMO.origin).toString('base64')}`);
  publicKey = JSON.parse(
    /<script id="sf-config" type="application\/json">(.*?)<\/script>/s.exec(page.body)?.[1] ?? '{}',
  ).publicKey;
});

function framePage(query: string, clientKey: string = DEMO.clientKey) {
  return gateway.app.inject({
    url: `/securedfields/${clientKey}/5.5.0/securedFields.html?type=card&${query}`,
  });
}

/** The four card fields, each with its own content key unless one is given (as the frames share one). */
async function encryptedCard(
  number: string,
  jwk: JsonWebKey = publicKey as JsonWebKey,
  contentKey?: ContentKey,
) {
  const now = new Date();
  return {
    type: 'scheme',
    encryptedCardNumber: await encryptValue(jwk, 'number', number, now, contentKey),
    encryptedExpiryMonth: await encryptValue(jwk, 'expiryMonth', '03', now, contentKey),
    encryptedExpiryYear: await encryptValue(jwk, 'expiryYear', '2030', now, contentKey),
    encryptedSecurityCode: await encryptValue(jwk, 'cvc', '737', now, contentKey),
    holderName: 'Jane Doe',
  };
}

/** Counts the RSA unwraps the gateway does (WebCrypto RSA-OAEP decryptions) while `run` runs. */
async function countRsaUnwraps(run: () => Promise<unknown>): Promise<number> {
  const decrypt = vi.spyOn(crypto.subtle, 'decrypt');
  try {
    await run();
    return decrypt.mock.calls.filter(([algorithm]) => (algorithm as Algorithm).name === 'RSA-OAEP').length;
  } finally {
    decrypt.mockRestore();
  }
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

  it("serves the official library's protocol at its versions and ours at 1.0.0 (or with origin in clear)", async () => {
    const d = `d=${Buffer.from(DEMO.origin).toString('base64')}`;
    const scriptOf = async (version: string, query: string) => {
      const page = await gateway.app.inject({
        url: `/checkoutshopper/securedfields/${DEMO.clientKey}/${version}/securedFields.html?type=card&${query}`,
      });
      expect(page.headers['content-security-policy']).toContain(`frame-ancestors ${DEMO.origin}`);
      return /<script src="([^"]+)"/.exec(page.body)?.[1] ?? '';
    };
    for (const officialVersion of ['6.3.0', '5.3.1'])
      expect(await scriptOf(officialVersion, d)).toMatch(/\/adyen-web-frame-[0-9a-f]{16}\.js$/);
    expect(await scriptOf('1.0.0', d)).toMatch(/\/frame-[0-9a-f]{16}\.js$/);
    expect(await scriptOf('6.3.0', `origin=${encodeURIComponent(DEMO.origin)}`)).toMatch(
      /\/frame-[0-9a-f]{16}\.js$/,
    );
    const official = await gateway.app.inject({ url: await scriptOf('6.3.0', d) });
    expect(official.statusCode).toBe(200);
    expect(official.headers['content-type']).toContain('javascript');
    const gift = await gateway.app.inject({
      url: `/securedfields/${DEMO.clientKey}/6.3.0/securedFields.html?type=giftcard&${d}`,
    });
    expect(gift.statusCode).toBe(200);
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

  it('unwraps a content key shared by the four fields once per payment, and separate keys each', async () => {
    const shared = await createContentKey(publicKey as JsonWebKey);
    const pay = async (method: Record<string, unknown>) => {
      const response = await merchantCall(gateway.app, 'POST', '/v71/payments', paymentRequest(method));
      expect(response.json()).toMatchObject({ resultCode: 'Authorised' });
    };
    const sharedCard = await encryptedCard(PAN, publicKey as JsonWebKey, shared);
    expect(await countRsaUnwraps(() => pay(sharedCard))).toBe(1);
    const separateCard = await encryptedCard(PAN);
    expect(await countRsaUnwraps(() => pay(separateCard))).toBe(4);
    // The cache is the request's: the next payment with the same key unwraps it again.
    expect(await countRsaUnwraps(() => pay(sharedCard))).toBe(1);
  });

  it('speaks standard JWE both ways: blobs of another library open, and our blobs open there', async () => {
    const key = await (await import('jose')).importJWK(publicKey, 'RSA-OAEP-256');
    const payload = (member: string, value: string) =>
      new TextEncoder().encode(JSON.stringify({ [member]: value, generationtime: new Date().toISOString() }));
    const joseBlob = (member: string, value: string) =>
      new CompactEncrypt(payload(member, value))
        .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: 'any' })
        .encrypt(key);
    const response = await merchantCall(
      gateway.app,
      'POST',
      '/v71/payments',
      paymentRequest({
        type: 'scheme',
        encryptedCardNumber: await joseBlob('number', PAN),
        encryptedExpiryMonth: await joseBlob('expiryMonth', '03'),
        encryptedExpiryYear: await joseBlob('expiryYear', '2030'),
        encryptedSecurityCode: await joseBlob('cvc', '737'),
      }),
    );
    expect(response.json()).toMatchObject({ resultCode: 'Authorised' });

    const pair = await generateKeyPair('RSA-OAEP-256', { extractable: true });
    const ours = await encryptValue((await exportJWK(pair.publicKey)) as JsonWebKey, 'cvc', '737');
    const { plaintext, protectedHeader } = await compactDecrypt(ours, pair.privateKey);
    expect(protectedHeader).toEqual({ alg: 'RSA-OAEP-256', enc: 'A256GCM' });
    expect(JSON.parse(new TextDecoder().decode(plaintext))).toMatchObject({ cvc: '737' });
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
    // The genuine card with its number replaced by `blob`: the answer's body.
    const payWithNumber = async (blob: string) =>
      (
        await merchantCall(
          gateway.app,
          'POST',
          '/v71/payments',
          paymentRequest({ ...genuine, encryptedCardNumber: blob }),
        )
      ).json();
    // Flip one bit of the ciphertext, so the blob is always changed (replacing characters may not be).
    const parts = genuine.encryptedCardNumber.split('.');
    const ciphertext = Buffer.from(parts[3] ?? '', 'base64url');
    ciphertext[0] = (ciphertext[0] ?? 0) ^ 0x01;
    parts[3] = ciphertext.toString('base64url');
    expect(await payWithNumber(parts.join('.'))).toMatchObject({ errorCode: '174' });
    const stale = await encryptValue(
      publicKey as JsonWebKey,
      'number',
      PAN,
      new Date(Date.now() - 48 * 3600_000),
    );
    expect(await payWithNumber(stale)).toMatchObject({ errorCode: '165' });
    const key = await (await import('jose')).importJWK(publicKey, 'RSA-OAEP');
    const weak = await new CompactEncrypt(
      new TextEncoder().encode(JSON.stringify({ number: PAN, generationtime: new Date().toISOString() })),
    )
      .setProtectedHeader({ alg: 'RSA-OAEP', enc: 'A128GCM' })
      .encrypt(key);
    expect(await payWithNumber(weak)).toMatchObject({ errorCode: '174' });
    // A valid JWE with any protected header, built by hand with node's crypto.
    const handMade = (header: object) => {
      const contentKey = randomBytes(32);
      const iv = randomBytes(12);
      const protectedHeader = Buffer.from(JSON.stringify(header)).toString('base64url');
      const cipher = createCipheriv('aes-256-gcm', contentKey, iv).setAAD(Buffer.from(protectedHeader));
      const body = Buffer.concat([
        cipher.update(JSON.stringify({ number: PAN, generationtime: new Date().toISOString() })),
        cipher.final(),
      ]);
      const wrapped = publicEncrypt(
        { key: createPublicKey({ key: publicKey, format: 'jwk' }), oaepHash: 'sha256' },
        contentKey,
      );
      return [protectedHeader, wrapped, iv, body, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    };
    expect(await payWithNumber(handMade({ alg: 'RSA-OAEP-256', enc: 'A256GCM' }))).toMatchObject({
      resultCode: 'Authorised',
    });
    expect(await payWithNumber(handMade({ alg: 'RSA-OAEP-256', enc: 'A256GCM', zip: 'DEF' }))).toMatchObject({
      errorCode: '174',
    });
    expect(
      await payWithNumber(handMade({ alg: 'RSA-OAEP-256', enc: 'A256GCM', crit: ['exp'] })),
    ).toMatchObject({ errorCode: '174' });
    const headerSwapped = [
      Buffer.from(JSON.stringify({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: 'x' })).toString('base64url'),
      ...genuine.encryptedCardNumber.split('.').slice(1),
    ].join('.');
    expect(await payWithNumber(headerSwapped)).toMatchObject({ errorCode: '174' });
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
