import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Database } from '@actuate/service-kit';
import { generate } from 'selfsigned';
import { getOrCreateSecret } from '../crypto/repository.ts';

/** The HTTPS listener's key and certificate (PEM), and what to tell a client that must trust it. */
export interface TlsMaterial {
  key: string;
  cert: string;
  /** SHA-256 fingerprint of the certificate, colon-separated hex (as browsers and openssl show it). */
  fingerprint256: string;
  /** True when the gateway made the certificate itself (a client must trust it explicitly). */
  selfSigned: boolean;
}

/** How long a generated certificate lasts: Apple and browsers refuse server certificates beyond 825 days. */
const GENERATED_VALIDITY_DAYS = 825;

async function generateCertificate(hostNames: readonly string[]): Promise<string> {
  const now = new Date();
  const dnsNames = [...new Set(['localhost', ...hostNames.filter((name) => !isIpAddress(name))])];
  const ips = [...new Set(['127.0.0.1', '::1', ...hostNames.filter(isIpAddress)])];
  const generated = await generate([{ name: 'commonName', value: 'Actuate sandbox payment gateway' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: now,
    notAfterDate: new Date(now.getTime() + GENERATED_VALIDITY_DAYS * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          ...dnsNames.map((value) => ({ type: 2 as const, value })),
          ...ips.map((ip) => ({ type: 7 as const, ip })),
        ],
      },
    ],
  });
  return JSON.stringify({ key: generated.private, cert: generated.cert });
}

function isIpAddress(name: string) {
  return /^[\d.]+$/.test(name) || name.includes(':');
}

function describe(key: string, cert: string, selfSigned: boolean): TlsMaterial {
  return { key, cert, fingerprint256: new X509Certificate(cert).fingerprint256, selfSigned };
}

/**
 * The certificate from the configured files, or one generated on first start and kept in the
 * database (so its fingerprint stays the same across restarts and a client trusts it once).
 * `hostNames` are the names browsers and server libraries use for the gateway (from PUBLIC_URL).
 */
export async function loadTlsMaterial(
  db: Database,
  settings: { certFile?: string | undefined; keyFile?: string | undefined; hostNames: readonly string[] },
): Promise<TlsMaterial> {
  if (Boolean(settings.certFile) !== Boolean(settings.keyFile))
    throw new Error('TLS_CERT_FILE and TLS_KEY_FILE go together: set both or neither.');
  if (settings.certFile && settings.keyFile) {
    const [cert, key] = await Promise.all([
      readFile(settings.certFile, 'utf8'),
      readFile(settings.keyFile, 'utf8'),
    ]);
    return describe(key, cert, false);
  }
  const stored = await getOrCreateSecret(db, 'tls-self-signed', () =>
    generateCertificate(settings.hostNames),
  );
  const { key, cert } = JSON.parse(stored) as { key: string; cert: string };
  return describe(key, cert, true);
}
