import { CompactEncrypt, importJWK, type JWK } from 'jose';

const importedKeys = new WeakMap<JsonWebKey, Promise<CryptoKey>>();

/** The gateway's public key as a WebCrypto key (imported once per key object). */
function publicKey(jwk: JsonWebKey): Promise<CryptoKey> {
  let key = importedKeys.get(jwk);
  if (!key) {
    key = importJWK(jwk as JWK, 'RSA-OAEP-256') as Promise<CryptoKey>;
    importedKeys.set(jwk, key);
  }
  return key;
}

/**
 * One compact JWE (RSA-OAEP-256 + A256GCM) of `{<member>: value, generationtime}`: only the gateway's
 * private key opens it; the generation time lets it refuse old blobs.
 */
export async function encryptValue(
  jwk: JsonWebKey,
  member: string,
  value: string,
  now = new Date(),
): Promise<string> {
  const payload = new TextEncoder().encode(
    JSON.stringify({ [member]: value, generationtime: now.toISOString() }),
  );
  return new CompactEncrypt(payload)
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
    .encrypt(await publicKey(jwk));
}
