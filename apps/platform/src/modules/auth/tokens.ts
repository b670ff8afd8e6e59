import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type Database, queryRows } from '@actuate/service-kit';
import { sql } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { UserType } from '../../shared/context.ts';

const ISSUER = 'actuate-platform';
const AUDIENCE = 'actuate';
const SIGNING_KEY_NAME = 'jwt-signing-key';
/** How many verified access tokens each instance remembers. */
const VERIFIED_TOKENS_KEPT = 10_000;

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
  /** OrderCloud's claim of an impersonation token: the user who asked for it. */
  imp?: string;
  /**
   * When the session began, in milliseconds (a refresh keeps its login's): revocations refuse the
   * sessions that began at or before them. Seconds (`iat`) would leave a login in the same second
   * as a revocation ambiguous.
   */
  auth_time_ms?: number;
}

/** The claims of a verified token, with the times jose checked. */
export type VerifiedClaims = AccessClaims & { iat?: number; nbf?: number; exp?: number };

/** When the token's session began; tokens signed before `auth_time_ms` existed fall back to `iat`. */
export const sessionStartOf = (claims: VerifiedClaims): number =>
  claims.auth_time_ms ?? (claims.iat ?? 0) * 1000;

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

  /**
   * Tokens whose signature and claims were checked, with their validity window: a client sends the
   * same token with every request, and a token never changes, so only its times need checking again.
   */
  private readonly verified = new Map<
    string,
    { claims: VerifiedClaims; notBefore: number; expires: number }
  >();

  /** The claims of a valid token, or undefined for a forged, expired or malformed one. */
  async verify(token: string): Promise<VerifiedClaims | undefined> {
    const known = this.verified.get(token);
    if (known) {
      const now = Math.floor(Date.now() / 1000);
      // jose's rules: not yet valid while nbf > now, expired once exp <= now.
      if (known.notBefore <= now && now < known.expires) return known.claims;
      this.verified.delete(token);
      return undefined;
    }
    const claims = await this.verifySignedClaims(token);
    if (claims) this.remember(token, claims);
    return claims;
  }

  private remember(token: string, claims: VerifiedClaims): void {
    if (typeof claims.exp !== 'number') return;
    // Bounded: forget them all at once rather than track use (a refresh costs one verify per client).
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.clear();
    this.verified.set(token, { claims, notBefore: claims.nbf ?? 0, expires: claims.exp });
  }

  private async verifySignedClaims(token: string): Promise<VerifiedClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, await this.cryptoKey, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      if (typeof payload.u !== 'string' || typeof payload.cid !== 'string' || !Array.isArray(payload.role)) {
        return undefined;
      }
      return payload as unknown as VerifiedClaims;
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
