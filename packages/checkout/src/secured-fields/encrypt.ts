import { base64url } from 'jose';

/**
 * A content-encryption key (AES-256-GCM) with its RSA-OAEP-256 wrapping for the gateway. The frames of
 * one page share one (see key-sharing.ts), so the gateway unwraps one RSA key per payment, not one per
 * field; each field still is a complete JWE of its own.
 */
export interface ContentKey {
  /** Non-extractable AES-GCM key: structured-cloneable between the frames, never readable as bytes. */
  key: CryptoKey;
  /** The JWE Encrypted Key part (base64url of the RSA-OAEP-256-wrapped key). */
  encryptedKey: string;
}

/** Protected header of every blob, as its base64url text (also the AES-GCM additional data). */
const PROTECTED_HEADER = base64url.encode(JSON.stringify({ alg: 'RSA-OAEP-256', enc: 'A256GCM' }));
const AAD = new TextEncoder().encode(PROTECTED_HEADER);

const importedKeys = new WeakMap<JsonWebKey, Promise<CryptoKey>>();

/** The gateway's public key as a WebCrypto key (imported once per key object). */
function publicKey(jwk: JsonWebKey): Promise<CryptoKey> {
  let key = importedKeys.get(jwk);
  if (!key) {
    const { kty, n, e } = jwk;
    key = crypto.subtle.importKey('jwk', { kty, n, e }, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
      'encrypt',
    ]);
    importedKeys.set(jwk, key);
  }
  return key;
}

/** A fresh random content key, wrapped with the gateway's public key. */
export async function createContentKey(jwk: JsonWebKey): Promise<ContentKey> {
  const raw = crypto.getRandomValues(new Uint8Array(32));
  const wrapped = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, await publicKey(jwk), raw);
  const key = await crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt']);
  raw.fill(0);
  return { key, encryptedKey: base64url.encode(new Uint8Array(wrapped)) };
}

/**
 * One compact JWE (RSA-OAEP-256 + A256GCM, RFC 7516) of `{<member>: value, generationtime}`: only the
 * gateway's private key opens it; the generation time lets it refuse old blobs. Without a content key,
 * a fresh one is made for this blob alone.
 */
export async function encryptValue(
  jwk: JsonWebKey,
  member: string,
  value: string,
  now = new Date(),
  contentKey?: ContentKey,
): Promise<string> {
  const { key, encryptedKey } = contentKey ?? (await createContentKey(jwk));
  const payload = new TextEncoder().encode(
    JSON.stringify({ [member]: value, generationtime: now.toISOString() }),
  );
  // A fresh 96-bit IV per blob: the only requirement for reusing an AES-GCM key.
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: AAD, tagLength: 128 }, key, payload),
  );
  const ciphertext = sealed.subarray(0, sealed.length - 16);
  const tag = sealed.subarray(sealed.length - 16);
  return [
    PROTECTED_HEADER,
    encryptedKey,
    base64url.encode(iv),
    base64url.encode(ciphertext),
    base64url.encode(tag),
  ].join('.');
}
