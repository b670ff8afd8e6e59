import { randomBytes } from 'node:crypto';
import { signToken, verifyToken } from '../../../crypto/service.ts';
import { type WalletTestCard, walletTestCard } from './test-cards.ts';

/**
 * The browser wallet's payment token, as the sandbox's "wallet provider" (the SDK simulator) hands it
 * to the page: sealed by the gateway, bound to one merchant account, short-lived. It names the chosen
 * test card by id; the card number itself never leaves the server.
 */
const TOKEN_PREFIX = 'GP1!';
/** How long a token may wait between the wallet sheet and the payments call. */
export const WALLET_TOKEN_LIFETIME_MS = 15 * 60 * 1000;
/** The `protocolVersion` of the JSON the page receives (the real wallet's token is JSON too). */
export const WALLET_TOKEN_PROTOCOL = 'ActuateSandboxV1';

interface SealedPayload {
  /** Merchant account the token is for (the request's gatewayMerchantId). */
  m: string;
  /** The test card's id. */
  c: string;
  /** Expiry, epoch milliseconds. */
  x: number;
  /** Makes every token unique. */
  n: string;
}

/** Mints the token string (`paymentMethodData.tokenizationData.token`) for a card and merchant. */
export function mintWalletToken(
  key: Buffer,
  merchantAccount: string,
  card: WalletTestCard,
  now: Date,
): string {
  const payload: SealedPayload = {
    m: merchantAccount,
    c: card.id,
    x: now.getTime() + WALLET_TOKEN_LIFETIME_MS,
    n: randomBytes(8).toString('hex'),
  };
  return JSON.stringify({
    protocolVersion: WALLET_TOKEN_PROTOCOL,
    signedMessage: signToken(key, TOKEN_PREFIX, payload),
  });
}

export type OpenedToken =
  | { ok: true; card: WalletTestCard }
  | { ok: false; reason: 'malformed' | 'tampered' | 'expired' | 'other-merchant' };

/** Checks a token from a payments request: well-formed, sealed by us, not expired, for this merchant. */
export function openWalletToken(key: Buffer, token: string, merchantAccount: string, now: Date): OpenedToken {
  let signedMessage: unknown;
  try {
    const parsed = JSON.parse(token) as { protocolVersion?: unknown; signedMessage?: unknown };
    if (parsed.protocolVersion !== WALLET_TOKEN_PROTOCOL) return { ok: false, reason: 'malformed' };
    signedMessage = parsed.signedMessage;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof signedMessage !== 'string') return { ok: false, reason: 'malformed' };
  const payload = verifyToken<Partial<SealedPayload>>(key, TOKEN_PREFIX, signedMessage);
  const card = typeof payload?.c === 'string' ? walletTestCard(payload.c) : undefined;
  if (!payload || !card || typeof payload.x !== 'number') return { ok: false, reason: 'tampered' };
  if (payload.x < now.getTime()) return { ok: false, reason: 'expired' };
  if (payload.m !== merchantAccount) return { ok: false, reason: 'other-merchant' };
  return { ok: true, card };
}
