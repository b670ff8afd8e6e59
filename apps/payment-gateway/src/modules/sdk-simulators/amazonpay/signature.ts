import { createHash } from 'node:crypto';
import { signToken, verifyToken } from '../../crypto/service.ts';

/**
 * The sandbox's stand-in for Amazon Pay's RSA signature of a checkout-session payload: an HMAC
 * token over the payload's digest and the merchant account, made with the gateway's token key. Only
 * the gateway can make one, so the simulator (which asks the gateway to check it) trusts the payload.
 */
const SIGNATURE_PREFIX = 'APS1!';

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

export function signPayload(tokenKey: Buffer, merchantAccount: string, stringToSign: string): string {
  return signToken(tokenKey, SIGNATURE_PREFIX, { m: merchantAccount, h: digest(stringToSign) });
}

/** The merchant account whose payload this is, or undefined for a forged or altered one. */
export function verifyPayloadSignature(tokenKey: Buffer, signature: string, payloadJSON: string) {
  const signed = verifyToken<{ m?: unknown; h?: unknown }>(tokenKey, SIGNATURE_PREFIX, signature);
  if (!signed || typeof signed.m !== 'string' || signed.h !== digest(payloadJSON)) return undefined;
  return signed.m;
}
