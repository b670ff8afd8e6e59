import { randomBytes } from 'node:crypto';
import { signToken, verifyToken } from '../../../crypto/service.ts';

/** The voucher PDF's address names the voucher by a random id, signed: it cannot be guessed or forged. */
const VOUCHER_PREFIX = 'VC1!';

export const newVoucherId = () => `VC${randomBytes(9).toString('hex').toUpperCase()}`;

export function voucherPdfUrl(publicUrl: string, tokenKey: Buffer, voucherId: string): string {
  return `${publicUrl}/vouchers/${signToken(tokenKey, VOUCHER_PREFIX, { v: voucherId })}`;
}

export function voucherIdOfToken(tokenKey: Buffer, token: string): string | undefined {
  const voucherId = verifyToken<{ v?: unknown }>(tokenKey, VOUCHER_PREFIX, token)?.v;
  return typeof voucherId === 'string' ? voucherId : undefined;
}
