import type { Database } from '@actuate/service-kit';
import { gatewayError } from '../../shared/errors.ts';
import { verifyToken } from '../crypto/service.ts';
import type { Merchant } from '../merchants/service.ts';
import { findPayment, type PaymentRow } from './repository.ts';
import { PAYMENT_DATA_PREFIX } from './threeds-steps.ts';

/** The payload an awaited payment's status poll hands to `/payments/details` as `details.payload`. */
export const PAYLOAD_PREFIX = 'PL1!';

/** The merchant's payment a signed token (paymentData, payload, authorisation token) names; else 422. */
export async function paymentOfToken(
  db: Database,
  tokenKey: Buffer,
  merchant: Merchant,
  prefix: string,
  token: string,
): Promise<PaymentRow> {
  const claims = verifyToken<{ p?: string }>(tokenKey, prefix, token);
  const payment = claims?.p ? await findPayment(db, merchant.account, claims.p) : undefined;
  if (!payment)
    throw gatewayError.unprocessable('15_002', 'Invalid payload provided: unknown or tampered payment data.');
  return payment;
}

/** The payment a request's `paymentData` names; a missing one is a 422 too. */
export function paymentOfPaymentData(
  db: Database,
  tokenKey: Buffer,
  merchant: Merchant,
  paymentData: string | undefined,
): Promise<PaymentRow> {
  if (!paymentData) throw gatewayError.unprocessable('15_002', 'paymentData is missing.');
  return paymentOfToken(db, tokenKey, merchant, PAYMENT_DATA_PREFIX, paymentData);
}
