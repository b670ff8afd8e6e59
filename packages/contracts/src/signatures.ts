/**
 * The signed messages between the apps, as the official clients compute them: OrderCloud's `X-oc-hash`
 * (checkout integration, webhooks), the payment notification HMAC (Adyen's) and the ERP callbacks'
 * `X-Erp-Signature`. Senders sign and receivers verify with these same functions; every check is
 * constant-time. Node only (node:crypto): imported as `@actuate/contracts/signatures`, never through the
 * package index, so it stays out of browser bundles.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const OC_HASH_HEADER = 'x-oc-hash';
export const ERP_SIGNATURE_HEADER = 'x-erp-signature';

/** Constant-time equality of two strings (false for different lengths, without leaking where). */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) {
    // Compare anyway so a length mismatch costs the same time as a content mismatch.
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

// --- OrderCloud X-oc-hash -----------------------------------------------------------------------

/** Base64(HMAC-SHA256(key = UTF-8 HashKey, data = UTF-8 raw body)). */
export function ocHash(hashKey: string, rawBody: string): string {
  return createHmac('sha256', Buffer.from(hashKey, 'utf8')).update(rawBody, 'utf8').digest('base64');
}

/** The `X-oc-hash` header (surrounding spaces ignored) against the raw body. */
export function verifyOcHash(hashKey: string, rawBody: string, header: string | undefined): boolean {
  if (!header) return false;
  return constantTimeEqual(ocHash(hashKey, rawBody), header.trim());
}

// --- Payment notifications (Adyen HMAC) ---------------------------------------------------------

/** The fields of a NotificationRequestItem the signature covers. */
export interface SignedNotificationFields {
  pspReference?: string | undefined;
  originalReference?: string | undefined;
  merchantAccountCode?: string | undefined;
  merchantReference?: string | undefined;
  amount?: { value?: number | undefined; currency?: string | undefined } | undefined;
  eventCode?: string | undefined;
  success?: string | undefined;
}

/** The eight values joined by `:` in Adyen's order; an absent value is an empty string. */
export function notificationSigningString(item: SignedNotificationFields): string {
  return [
    item.pspReference,
    item.originalReference,
    item.merchantAccountCode,
    item.merchantReference,
    item.amount?.value,
    item.amount?.currency,
    item.eventCode,
    item.success,
  ]
    .map((value) => (value === undefined || value === null ? '' : String(value)))
    .join(':');
}

/** Base64(HMAC-SHA256(key = hex-decoded HMAC key, data = UTF-8 text)). */
export function hmacSignature(hexKey: string, data: string): string {
  return createHmac('sha256', Buffer.from(hexKey, 'hex')).update(data, 'utf8').digest('base64');
}

/** The `additionalData.hmacSignature` of a notification item. */
export function notificationHmac(hexKey: string, item: SignedNotificationFields): string {
  return hmacSignature(hexKey, notificationSigningString(item));
}

export function verifyNotificationHmac(
  hexKey: string,
  item: SignedNotificationFields,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  return constantTimeEqual(notificationHmac(hexKey, item), signature);
}

// --- ERP callbacks ------------------------------------------------------------------------------

/** `X-Erp-Signature`: `sha256=<lower-case hex HMAC-SHA256(key = UTF-8 secret, data = UTF-8 raw body)>`. */
export function erpSignature(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(rawBody, 'utf8').digest('hex')}`;
}

/** The `X-Erp-Signature` header (surrounding spaces ignored) against the raw body. */
export function verifyErpSignature(secret: string, rawBody: string, header: string | undefined): boolean {
  if (!header) return false;
  return constantTimeEqual(erpSignature(secret, rawBody), header.trim());
}
