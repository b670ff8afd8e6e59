import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, UNREACHABLE_WEBHOOKS, useTestGateway } from '../../testing/index.ts';
import { loadTlsMaterial } from './certificate.ts';
import { type HttpsListener, httpsListenerOf } from './listener.ts';

const gateway = useTestGateway({ ...UNREACHABLE_WEBHOOKS, HTTPS_ENABLED: 'true' });
let https: HttpsListener;

beforeAll(async () => {
  await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  const listener = await httpsListenerOf(gateway.app);
  if (!listener) throw new Error('no HTTPS listener');
  https = listener;
});

/** A call over TLS that trusts only the gateway's certificate (as a merchant would configure it). */
function httpsCall(path: string, options: { method?: string; body?: unknown; ca?: string } = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const call = request(
      {
        host: '127.0.0.1',
        port: https.port,
        path,
        method: options.method ?? 'GET',
        ca: options.ca ?? https.tls.cert,
        headers: { 'content-type': 'application/json', 'x-api-key': DEMO.apiKey },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    call.on('error', reject);
    call.end(options.body === undefined ? undefined : JSON.stringify(options.body));
  });
}

describe('the HTTPS listener', () => {
  it('serves the same API over TLS as over HTTP', async () => {
    expect((await httpsCall('/health')).status).toBe(200);
    const methods = await httpsCall('/v71/paymentMethods', {
      method: 'POST',
      body: { merchantAccount: DEMO.merchantAccount, amount: { currency: 'EUR', value: 1000 } },
    });
    expect(methods.status).toBe(200);
    expect(JSON.parse(methods.body).paymentMethods.length).toBeGreaterThan(0);
    // Errors keep the gateway's format on this port too.
    const refused = await httpsCall('/v71/payments', { method: 'POST', body: {} });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({ errorType: 'validation' });
  });

  it('is refused by a client that does not trust the certificate', async () => {
    const other = await loadOtherCertificate();
    await expect(httpsCall('/health', { ca: other })).rejects.toThrow();
  });

  it('made a certificate for localhost and 127.0.0.1 once, kept across restarts', async () => {
    expect(https.tls.selfSigned).toBe(true);
    const certificate = new X509Certificate(https.tls.cert);
    expect(certificate.subjectAltName).toContain('DNS:localhost');
    expect(certificate.subjectAltName).toContain('IP Address:127.0.0.1');
    expect(certificate.fingerprint256).toBe(https.tls.fingerprint256);
    const again = await loadTlsMaterial(gateway.database.db, { hostNames: ['localhost'] });
    expect(again.fingerprint256).toBe(https.tls.fingerprint256);
  });
});

describe('a provided certificate', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'gateway-tls-test-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('is read from TLS_CERT_FILE and TLS_KEY_FILE instead of the generated one', async () => {
    writeFileSync(join(folder, 'cert.pem'), https.tls.cert);
    writeFileSync(join(folder, 'key.pem'), https.tls.key);
    const provided = await loadTlsMaterial(gateway.database.db, {
      certFile: join(folder, 'cert.pem'),
      keyFile: join(folder, 'key.pem'),
      hostNames: [],
    });
    expect(provided).toMatchObject({ selfSigned: false, fingerprint256: https.tls.fingerprint256 });
  });

  it('needs both files', async () => {
    await expect(
      loadTlsMaterial(gateway.database.db, { certFile: join(folder, 'cert.pem'), hostNames: [] }),
    ).rejects.toThrow(/set both or neither/);
  });
});

/** A valid certificate, but not the one this gateway serves. */
async function loadOtherCertificate() {
  return (await generate([{ name: 'commonName', value: 'someone else' }], { keySize: 2048 })).cert;
}
