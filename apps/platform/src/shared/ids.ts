import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A new OrderCloud-style ID (22 URL-safe characters) for resources created without one. */
export function newId(): string {
  const bytes = randomBytes(22);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte & 63];
  return id;
}
