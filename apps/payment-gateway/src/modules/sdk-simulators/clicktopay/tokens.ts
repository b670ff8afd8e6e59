import { createHash, randomBytes } from 'node:crypto';
import { signToken, verifyToken } from '../../crypto/service.ts';
import type { ClickToPayScheme } from './profiles.ts';

/**
 * Everything the Click to Pay sandbox hands the page is signed with the gateway's token key, so the
 * card family can trust it and a page cannot forge or alter it. Each kind has its own prefix (a token
 * of one kind is never accepted as another) and most expire.
 */
const PREFIX = {
  validation: 'CTPV1!',
  idToken: 'CTPI1!',
  recognition: 'CTPR1!',
  correlation: 'CTPC1!',
  digitalCard: 'CTPD1!',
  tokenReference: 'CTPT1!',
  checkoutPayload: 'CTPP1!',
} as const;

const MINUTE = 60_000;
/** How long each kind lives: a code 10 minutes, a checkout reference 30, remember-me 90 days. */
export const TOKEN_LIFETIME_MS = {
  validation: 10 * MINUTE,
  idToken: 30 * MINUTE,
  recognition: 90 * 24 * 60 * MINUTE,
  correlation: 30 * MINUTE,
  checkoutPayload: 30 * MINUTE,
} as const;

/** A pending one-time code: the code itself is only in the "SMS", here only its digest. */
export interface ValidationClaims {
  e: string;
  s: ClickToPayScheme;
  c: string;
  x: number;
}
export interface IdentityClaims {
  e: string;
  x: number;
}
/** One checkout journey for one merchant (from the DPA id) and shopper. */
export interface CorrelationClaims {
  m: string;
  e: string;
  n: string;
  x: number;
}
export interface CardClaims {
  e: string;
  s: ClickToPayScheme;
  c: string;
}
/** The scheme's confirmation of a Visa checkout (the real one is an encrypted JWE for the merchant). */
export interface CheckoutPayloadClaims {
  m: string;
  e: string;
  c: string;
  n: string;
  x: number;
}

export const codeDigest = (code: string) => createHash('sha256').update(`ctp-otp:${code}`).digest('hex');
export const newNonce = () => randomBytes(8).toString('hex');

export function sealClaims(key: Buffer, kind: keyof typeof PREFIX, claims: object): string {
  return signToken(key, PREFIX[kind], claims);
}

/** The claims of a token of `kind`, or undefined when forged, altered, of another kind or expired. */
export function openClaims<T extends object>(
  key: Buffer,
  kind: keyof typeof PREFIX,
  token: unknown,
  now: Date,
): T | undefined {
  if (typeof token !== 'string' || token.length > 4096) return undefined;
  const claims = verifyToken<T & { x?: unknown }>(key, PREFIX[kind], token);
  if (!claims || typeof claims !== 'object') return undefined;
  if (typeof claims.x === 'number' && claims.x < now.getTime()) return undefined;
  return claims;
}
