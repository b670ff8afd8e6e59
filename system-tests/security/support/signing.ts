import { createHmac } from 'node:crypto';

/** OrderCloud's X-oc-hash: Base64(HMAC-SHA256(UTF-8 key, raw body)). */
export const ocHash = (key: string, body: string) =>
  createHmac('sha256', Buffer.from(key, 'utf8')).update(body, 'utf8').digest('base64');

/** The back office's X-Erp-Signature: `sha256=` + hex HMAC-SHA256 of the raw body. */
export const erpSignature = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(body, 'utf8').digest('hex')}`;

export interface NotificationItem {
  pspReference: string;
  originalReference?: string;
  merchantAccountCode: string;
  merchantReference: string;
  amount: { value: number; currency: string };
  eventCode: string;
  success: string;
  additionalData?: Record<string, string>;
}

/** The gateway's notification HMAC over the eight signed fields, key hex-decoded. */
export function notificationHmac(hexKey: string, item: NotificationItem): string {
  const data = [
    item.pspReference,
    item.originalReference ?? '',
    item.merchantAccountCode,
    item.merchantReference,
    String(item.amount.value),
    item.amount.currency,
    item.eventCode,
    item.success,
  ].join(':');
  return createHmac('sha256', Buffer.from(hexKey, 'hex')).update(data, 'utf8').digest('base64');
}

export const notification = (items: NotificationItem[]) => ({
  live: 'false',
  notificationItems: items.map((item) => ({ NotificationRequestItem: item })),
});
