import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '@actuate/service-kit';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { getOrCreateSecret } from './repository.ts';

/** The algorithms the secured-field frames encrypt with (JWE: RSA-OAEP-256 key wrapping, A256GCM content encryption). */
export const JWE_KEY_ALGORITHM = 'RSA-OAEP-256';
export const JWE_CONTENT_ENCRYPTION = 'A256GCM';

export interface GatewayKeys {
  /** The public half, handed to the frames. */
  publicJwk: JWK;
  privateKey: CryptoKey;
  /** AES-256-GCM key sealing the stored-card vault at rest. */
  vaultKey: Buffer;
  /** HMAC key for the opaque tokens the gateway hands out (sessionData, paymentData). */
  tokenKey: Buffer;
}

async function generateJweKeyPair(): Promise<string> {
  const { privateKey } = await generateKeyPair(JWE_KEY_ALGORITHM, { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return JSON.stringify({ ...jwk, alg: JWE_KEY_ALGORITHM, use: 'enc', kid: randomBytes(8).toString('hex') });
}

/** Loads the gateway's keys from the environment or the database, generating them on first start. */
export async function loadGatewayKeys(
  db: Database,
  settings: { privateJwk?: string | undefined; vaultKey?: string | undefined },
): Promise<GatewayKeys> {
  const privateJson =
    settings.privateJwk ?? (await getOrCreateSecret(db, 'jwe-private-jwk', generateJweKeyPair));
  const privateJwk = JSON.parse(privateJson) as JWK;
  const privateKey = (await importJWK(privateJwk, JWE_KEY_ALGORITHM)) as CryptoKey;
  const { kty, n, e, kid } = privateJwk;
  const publicJwk: JWK = { kty, n, e, alg: JWE_KEY_ALGORITHM, use: 'enc', ...(kid ? { kid } : {}) };
  const randomKey = async () => randomBytes(32).toString('base64');
  const vaultKey = Buffer.from(
    settings.vaultKey ?? (await getOrCreateSecret(db, 'vault-key', randomKey)),
    'base64',
  );
  if (vaultKey.length !== 32) throw new Error('VAULT_KEY must be base64 of 32 bytes');
  const tokenKey = Buffer.from(await getOrCreateSecret(db, 'token-key', randomKey), 'base64');
  return { publicJwk, privateKey, vaultKey, tokenKey };
}

export class JweDecryptionError extends Error {}

/** Header parameters that change how the content must be read; nothing the frames write uses them. */
const UNSUPPORTED_HEADER_MEMBERS = ['zip', 'crit'];
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * Opens the compact JWEs (RSA-OAEP-256 + A256GCM) of one request. The frames of a page share one
 * content key, so the four card fields carry the same Encrypted Key part: it is unwrapped once (one
 * RSA-2048 private-key operation, on the libuv pool via WebCrypto) instead of four times. The cache
 * lives as long as the request; anything malformed or tampered with is a `JweDecryptionError`.
 */
export type JweOpener = (jwe: string) => Promise<string>;

export function jweOpener(keys: GatewayKeys): JweOpener {
  const contentKeys = new Map<string, Promise<Buffer>>();
  const unwrap = (encryptedKey: string) => {
    let contentKey = contentKeys.get(encryptedKey);
    if (!contentKey) {
      contentKey = crypto.subtle
        .decrypt({ name: 'RSA-OAEP' }, keys.privateKey, Buffer.from(encryptedKey, 'base64url'))
        .then((raw) => Buffer.from(raw));
      contentKeys.set(encryptedKey, contentKey);
    }
    return contentKey;
  };
  return async (jwe) => {
    try {
      const parts = jwe.split('.');
      if (parts.length !== 5 || !parts.every((part) => BASE64URL.test(part))) throw new Error('not compact');
      const [header, encryptedKey, iv, ciphertext, tag] = parts as [string, string, string, string, string];
      const members = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<
        string,
        unknown
      >;
      if (
        members.alg !== JWE_KEY_ALGORITHM ||
        members.enc !== JWE_CONTENT_ENCRYPTION ||
        UNSUPPORTED_HEADER_MEMBERS.some((name) => name in members)
      )
        throw new Error('unexpected header');
      const contentKey = await unwrap(encryptedKey);
      const ivBytes = Buffer.from(iv, 'base64url');
      const tagBytes = Buffer.from(tag, 'base64url');
      if (contentKey.length !== 32 || ivBytes.length !== 12 || tagBytes.length !== 16)
        throw new Error('lengths');
      const decipher = createDecipheriv('aes-256-gcm', contentKey, ivBytes, { authTagLength: 16 });
      decipher.setAAD(Buffer.from(header, 'ascii'));
      decipher.setAuthTag(tagBytes);
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new JweDecryptionError('encrypted field could not be decrypted');
    }
  };
}

/** AES-256-GCM sealing for data at rest: `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function seal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function unseal(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * Opaque, tamper-evident tokens (sessionData, sessionResult, paymentData): a prefix, the base64url
 * JSON payload and a truncated HMAC. They reference server-side state; they carry no card data.
 */
export function signToken(key: Buffer, prefix: string, payload: object): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const mac = createHmac('sha256', key).update(`${prefix}${body}`).digest('base64url').slice(0, 22);
  return `${prefix}${body}.${mac}`;
}

export function verifyToken<T>(key: Buffer, prefix: string, token: string): T | undefined {
  if (!token.startsWith(prefix)) return undefined;
  const [body, mac] = token.slice(prefix.length).split('.');
  if (!body || !mac) return undefined;
  const expected = createHmac('sha256', key).update(`${prefix}${body}`).digest('base64url').slice(0, 22);
  if (mac.length !== expected.length || !timingSafeEqual(Buffer.from(mac), Buffer.from(expected)))
    return undefined;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
  } catch {
    return undefined;
  }
}
