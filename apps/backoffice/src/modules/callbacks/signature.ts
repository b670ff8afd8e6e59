import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-erp-signature';

/** `sha256=<lower-case hex HMAC-SHA256(secret, raw body)>`. */
export function signCallback(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;
}

/** Constant-time check of an `X-Erp-Signature` header against the raw body (what the receiver does). */
export function verifyCallbackSignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const expected = Buffer.from(signCallback(secret, rawBody));
  const given = Buffer.from(header.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
