import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type Database, queryRows } from '@actuate/service-kit';
import { sql } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { UserType } from '../../shared/context.ts';

const ISSUER = 'actuate-platform';
const AUDIENCE = 'actuate';
const SIGNING_KEY_NAME = 'jwt-signing-key';

/** Claims of our access tokens; names follow OrderCloud's (`usr`, `cid`, `role`, `usrtype`). */
export interface AccessClaims {
  usr: string;
  cid: string;
  u: string;
  usrtype: UserType;
  role: string[];
  /** Buyer company of a buyer user. */
  bid?: string;
  /** Currency and language the user shops in. */
  cur: string;
  lang?: string;
}

/**
 * The HS256 key every instance signs with: `JWT_SECRET` when set (production), otherwise a random
 * key generated on first start and stored in the database so every instance shares it.
 */
export async function loadSigningKey(db: Database, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const generated = randomBytes(48).toString('base64url');
  await db.execute(
    sql`insert into platform_secrets (key, value) values (${SIGNING_KEY_NAME}, ${generated}) on conflict (key) do nothing`,
  );
  const [row] = await queryRows<{ value: string }>(
    db,
    sql`select value from platform_secrets where key = ${SIGNING_KEY_NAME}`,
  );
  if (!row) throw new Error('The JWT signing key could not be stored.');
  return new TextEncoder().encode(row.value);
}

export class TokenSigner {
  /** The HMAC key imported once: given raw bytes, jose imports them again on every sign and verify. */
  private readonly cryptoKey: Promise<CryptoKey>;

  constructor(key: Uint8Array) {
    this.cryptoKey = crypto.subtle.importKey(
      'raw',
      new Uint8Array(key),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(claims: AccessClaims, lifetimeSeconds: number, now: Date): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setNotBefore(issuedAt)
      .setExpirationTime(issuedAt + lifetimeSeconds)
      .setJti(randomUUID())
      .sign(await this.cryptoKey);
  }

  /** The claims of a valid token, or undefined for a forged, expired or malformed one. */
  async verify(token: string): Promise<AccessClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, await this.cryptoKey, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      if (typeof payload.u !== 'string' || typeof payload.cid !== 'string' || !Array.isArray(payload.role)) {
        return undefined;
      }
      return payload as unknown as AccessClaims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return undefined;
      throw error;
    }
  }
}

/** A new opaque refresh token (what the client keeps) and its hash (what the database keeps). */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecret(token) };
}

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
