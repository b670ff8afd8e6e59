import { randomBytes, randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** 16 uppercase alphanumerics, like `QFQTPCQ8HXSKGK82` (domain-facts B2). */
export function newPspReference(): string {
  let reference = '';
  for (let index = 0; index < 16; index += 1) reference += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return reference;
}

export const PSP_REFERENCE_PATTERN = /^[A-Z0-9]{16}$/;

/** `CS` followed by 16 uppercase hex digits (domain-facts B1). */
export const newSessionId = () => `CS${randomBytes(8).toString('hex').toUpperCase()}`;
