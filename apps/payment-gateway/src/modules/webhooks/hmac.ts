import { createHmac, timingSafeEqual } from 'node:crypto';

/** The fields of a NotificationRequestItem the signature covers (docs/domain.md, modifications and notifications). */
export interface SignedNotificationFields {
  pspReference?: string | undefined;
  originalReference?: string | undefined;
  merchantAccountCode?: string | undefined;
  merchantReference?: string | undefined;
  amount?: { value?: number | undefined; currency?: string | undefined } | undefined;
  eventCode?: string | undefined;
  success?: string | undefined;
}

/** The 8 values joined by `:` in Adyen's order; an absent value is an empty string. */
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

/** Base64(HMAC-SHA256(hex-decoded key, UTF-8 data)). */
export const hmacSignature = (hexKey: string, data: string): string =>
  createHmac('sha256', Buffer.from(hexKey, 'hex')).update(data, 'utf8').digest('base64');

export const signNotification = (hexKey: string, item: SignedNotificationFields): string =>
  hmacSignature(hexKey, notificationSigningString(item));

/** Constant-time check of a received signature. */
export function verifyNotificationSignature(
  hexKey: string,
  item: SignedNotificationFields,
  signature: string,
) {
  const expected = Buffer.from(signNotification(hexKey, item));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
