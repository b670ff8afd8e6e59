import { randomBytes } from 'node:crypto';
import { signToken, verifyToken } from '../../../crypto/service.ts';

/** The mandate PDF's address names the mandate by a random id, signed: it cannot be guessed or forged. */
const MANDATE_PREFIX = 'BM1!';

export const newMandateId = () => `MD${randomBytes(9).toString('hex').toUpperCase()}`;

export function mandatePdfUrl(publicUrl: string, tokenKey: Buffer, mandateId: string): string {
  return `${publicUrl}/bacs/mandates/${signToken(tokenKey, MANDATE_PREFIX, { m: mandateId })}`;
}

export function mandateIdOfToken(tokenKey: Buffer, token: string): string | undefined {
  const mandateId = verifyToken<{ m?: unknown }>(tokenKey, MANDATE_PREFIX, token)?.m;
  return typeof mandateId === 'string' ? mandateId : undefined;
}
