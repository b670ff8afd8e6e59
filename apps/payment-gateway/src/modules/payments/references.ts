import { randomBytes, randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** 16 uppercase alphanumerics, like `QFQTPCQ8HXSKGK82`, the shape of Adyen's pspReference. */
export function newPspReference(): string {
  let reference = '';
  for (let index = 0; index < 16; index += 1) reference += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return reference;
}

export const PSP_REFERENCE_PATTERN = /^[A-Z0-9]{16}$/;

/** `CS` followed by 16 uppercase hex digits (docs/domain.md, sessions and payments). */
export const newSessionId = () => `CS${randomBytes(8).toString('hex').toUpperCase()}`;
