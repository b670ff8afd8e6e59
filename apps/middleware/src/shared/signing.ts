/**
 * Signatures of everything that calls the middleware: OrderCloud's `X-oc-hash` (checkout
 * integration and webhooks), the payment gateway's notification HMAC and the ERP's callbacks.
 * Every comparison is constant-time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Constant-time equality of two strings (false for different lengths, without leaking where). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) {
    // Compare anyway so a length mismatch costs the same time as a content mismatch.
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

/** OrderCloud: Base64(HMAC-SHA256(key = UTF-8 HashKey, data = UTF-8 raw body)), see docs/domain.md. */
export function ocHash(hashKey: string, rawBody: string): string {
  return createHmac('sha256', Buffer.from(hashKey, 'utf8')).update(rawBody, 'utf8').digest('base64');
}

export function verifyOcHash(hashKey: string, rawBody: string, header: string | undefined): boolean {
  if (!header) return false;
  return safeEqual(ocHash(hashKey, rawBody), header.trim());
}

/** The eight fields of a notification the payment HMAC covers, in order (docs/domain.md, Modifications and notifications). */
export interface SignedNotificationFields {
  pspReference?: string | undefined;
  originalReference?: string | undefined;
  merchantAccountCode?: string | undefined;
  merchantReference?: string | undefined;
  amount?: { value?: number | undefined; currency?: string | undefined } | undefined;
  eventCode?: string | undefined;
  success?: string | undefined;
}

export function notificationSigningString(item: SignedNotificationFields): string {
  return [
    item.pspReference ?? '',
    item.originalReference ?? '',
    item.merchantAccountCode ?? '',
    item.merchantReference ?? '',
    item.amount?.value === undefined ? '' : String(item.amount.value),
    item.amount?.currency ?? '',
    item.eventCode ?? '',
    item.success ?? '',
  ].join(':');
}

/** Base64(HMAC-SHA256(key = hex-decoded HMAC key, data = the signing string)). */
export function notificationHmac(hexKey: string, item: SignedNotificationFields): string {
  return createHmac('sha256', Buffer.from(hexKey, 'hex'))
    .update(notificationSigningString(item), 'utf8')
    .digest('base64');
}

export function verifyNotificationHmac(
  hexKey: string,
  item: SignedNotificationFields,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  return safeEqual(notificationHmac(hexKey, item), signature);
}

/** The back office's callbacks: `X-Erp-Signature: sha256=<hex HMAC-SHA256(secret, raw body)>`. */
export function erpSignature(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(rawBody, 'utf8').digest('hex')}`;
}

export function verifyErpSignature(secret: string, rawBody: string, header: string | undefined): boolean {
  if (!header) return false;
  return safeEqual(erpSignature(secret, rawBody), header.trim());
}
