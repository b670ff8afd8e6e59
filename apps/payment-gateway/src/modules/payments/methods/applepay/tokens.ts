import { randomBytes, randomUUID } from 'node:crypto';
import { signToken, verifyToken } from '../../../crypto/service.ts';
import { findWalletCard, type WalletTestCard, walletCardDisplayName } from './wallet-cards.ts';

/**
 * The device wallet's two gateway-signed artefacts: the merchant session (answer of
 * `v1/applePay/sessions`, which the simulator's sheet needs to open) and the payment token's
 * `paymentData` (handed to the page on Pay, sent back in `applePayToken`). Both are HMAC-signed with
 * the gateway's token key and expire, so the page can neither forge nor keep them.
 */
const SESSION_PREFIX = 'APS1!';
const PAYMENT_PREFIX = 'APT1!';
/** Apple's merchant sessions must be used within five minutes. */
export const MERCHANT_SESSION_LIFETIME_MS = 5 * 60_000;
/** A payment token is sent to the payments call right after the shopper authorises. */
export const PAYMENT_TOKEN_LIFETIME_MS = 10 * 60_000;

/** The Apple Pay merchant identifier of a merchant account (its `configuration.merchantId`). */
export const merchantIdentifierOf = (account: string) => `merchant.com.actuate.sandbox.${account}`;

export interface MerchantSessionClaims {
  /** Merchant account. */
  m: string;
  merchantIdentifier: string;
  domainName: string;
  displayName: string;
  /** Expiry, epoch milliseconds. */
  exp: number;
}

/** Shaped like Apple's opaque merchant session; `signature` is the gateway's signed claims. */
export interface MerchantSession {
  epochTimestamp: number;
  expiresAt: number;
  merchantSessionIdentifier: string;
  nonce: string;
  merchantIdentifier: string;
  domainName: string;
  displayName: string;
  signature: string;
}

export function signMerchantSession(
  key: Buffer,
  claims: Omit<MerchantSessionClaims, 'exp'>,
  now: Date,
): MerchantSession {
  const exp = now.getTime() + MERCHANT_SESSION_LIFETIME_MS;
  return {
    epochTimestamp: now.getTime(),
    expiresAt: exp,
    merchantSessionIdentifier: `SSH${randomBytes(16).toString('hex').toUpperCase()}`,
    nonce: randomBytes(4).toString('hex'),
    merchantIdentifier: claims.merchantIdentifier,
    domainName: claims.domainName,
    displayName: claims.displayName,
    signature: signToken(key, SESSION_PREFIX, { ...claims, exp }),
  };
}

/** The claims of a merchant session the gateway signed and that has not expired; else undefined. */
export function verifyMerchantSession(
  key: Buffer,
  session: unknown,
  now: Date,
): MerchantSessionClaims | undefined {
  const signature = (session as { signature?: unknown } | null)?.signature;
  if (typeof signature !== 'string' || signature.length > 4096) return undefined;
  const claims = verifyToken<MerchantSessionClaims>(key, SESSION_PREFIX, signature);
  if (!claims || typeof claims.exp !== 'number' || claims.exp <= now.getTime()) return undefined;
  return claims;
}

interface PaymentClaims {
  /** Merchant account the token was minted for. */
  m: string;
  /** Wallet test card id. */
  c: string;
  tx: string;
  exp: number;
}

/** What the wallet hands the page on Pay: `payment.token` of `onpaymentauthorized`. */
export interface WalletPaymentToken {
  paymentData: { version: string; data: string; header: { transactionId: string } };
  paymentMethod: { displayName: string; network: string; type: string };
  transactionIdentifier: string;
}

export function mintPaymentToken(
  key: Buffer,
  account: string,
  card: WalletTestCard,
  now: Date,
): WalletPaymentToken {
  const transactionId = randomUUID().replaceAll('-', '').toUpperCase();
  const data = signToken(key, PAYMENT_PREFIX, {
    m: account,
    c: card.id,
    tx: transactionId,
    exp: now.getTime() + PAYMENT_TOKEN_LIFETIME_MS,
  } satisfies PaymentClaims);
  return {
    paymentData: { version: 'EC_v1', data, header: { transactionId } },
    paymentMethod: { displayName: walletCardDisplayName(card), network: card.network, type: card.type },
    transactionIdentifier: transactionId,
  };
}

export type PaymentTokenReading =
  | { ok: true; card: WalletTestCard; transactionId: string; expiresAt: Date }
  | { ok: false; reason: 'malformed' | 'forged' | 'expired' | 'other-merchant' };

/** Reads `applePayToken` (base64 of the JSON paymentData) for `account`. */
export function readPaymentToken(
  key: Buffer,
  applePayToken: string,
  account: string,
  now: Date,
): PaymentTokenReading {
  let paymentData: { data?: unknown };
  try {
    paymentData = JSON.parse(Buffer.from(applePayToken, 'base64').toString('utf8')) as { data?: unknown };
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof paymentData?.data !== 'string') return { ok: false, reason: 'malformed' };
  const claims = verifyToken<PaymentClaims>(key, PAYMENT_PREFIX, paymentData.data);
  const card = claims && typeof claims.c === 'string' ? findWalletCard(claims.c) : undefined;
  if (!claims || !card || typeof claims.exp !== 'number') return { ok: false, reason: 'forged' };
  if (claims.exp <= now.getTime()) return { ok: false, reason: 'expired' };
  if (claims.m !== account) return { ok: false, reason: 'other-merchant' };
  if (typeof claims.tx !== 'string') return { ok: false, reason: 'forged' };
  return { ok: true, card, transactionId: claims.tx, expiresAt: new Date(claims.exp) };
}
