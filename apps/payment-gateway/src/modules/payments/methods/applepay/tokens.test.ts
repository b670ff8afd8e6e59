import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  MERCHANT_SESSION_LIFETIME_MS,
  mintPaymentToken,
  PAYMENT_TOKEN_LIFETIME_MS,
  readPaymentToken,
  signMerchantSession,
  verifyMerchantSession,
} from './tokens.ts';
import { findWalletCard } from './wallet-cards.ts';

const key = randomBytes(32);
const now = new Date('2026-11-27T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const visa = findWalletCard('visa-authorised')!;
const encode = (paymentData: unknown) => Buffer.from(JSON.stringify(paymentData)).toString('base64');

describe('device-wallet tokens', () => {
  it('a merchant session is valid until it expires, and only with this key', () => {
    const session = signMerchantSession(
      key,
      { m: 'Shop', merchantIdentifier: 'merchant.x', domainName: 'shop.example', displayName: 'Shop' },
      now,
    );
    expect(verifyMerchantSession(key, session, later(MERCHANT_SESSION_LIFETIME_MS - 1))?.domainName).toBe(
      'shop.example',
    );
    expect(verifyMerchantSession(key, session, later(MERCHANT_SESSION_LIFETIME_MS))).toBeUndefined();
    expect(verifyMerchantSession(randomBytes(32), session, now)).toBeUndefined();
    expect(verifyMerchantSession(key, { signature: 42 }, now)).toBeUndefined();
  });

  it('a payment token names its card and merchant, and lapses', () => {
    const token = mintPaymentToken(key, 'Shop', visa, now);
    expect(JSON.stringify(token)).not.toContain('4111');
    const applePayToken = encode(token.paymentData);
    expect(readPaymentToken(key, applePayToken, 'Shop', now)).toMatchObject({ ok: true, card: visa });
    expect(readPaymentToken(key, applePayToken, 'Other', now)).toEqual({
      ok: false,
      reason: 'other-merchant',
    });
    expect(readPaymentToken(key, applePayToken, 'Shop', later(PAYMENT_TOKEN_LIFETIME_MS))).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(readPaymentToken(randomBytes(32), applePayToken, 'Shop', now)).toEqual({
      ok: false,
      reason: 'forged',
    });
    expect(readPaymentToken(key, encode({ version: 'EC_v1' }), 'Shop', now)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });
});
