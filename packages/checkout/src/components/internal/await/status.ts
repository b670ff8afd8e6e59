import { CheckoutError } from '../../../core/errors.ts';
import { http, withQuery } from '../../../core/http.ts';

/** What the gateway's status endpoint answers while the shopper pays in another app. */
export interface PaymentStatusResponse {
  type?: string;
  resultCode?: string;
  payload?: string;
}

/** The poll's reading of an answer: keep waiting, or the attempt has ended one way or the other. */
export type StatusOutcome =
  | { kind: 'pending' }
  | { kind: 'success'; payload: string }
  | { kind: 'failure'; payload: string | undefined; messageKey: string; reason: string }
  | { kind: 'expired'; payload: string | undefined };

const FAILED_CODES = new Set(['refused', 'error', 'cancelled']);
const WAITING_CODES = new Set(['pending', 'received']);

export const MISSING_SUCCESS_PAYLOAD = 'successful result, but no payload in response';
export const MISSING_ERROR_PAYLOAD = 'error result with no payload in response';

/**
 * Refused, error and cancelled end in failure; Unknown is an unknown error; Pending and Received keep
 * the poll going; any other result code is a success. Only `complete` answers carry a result.
 */
export function mapStatusResponse(response: PaymentStatusResponse): StatusOutcome {
  if (response.type === 'pending') return { kind: 'pending' };
  const payload = typeof response.payload === 'string' && response.payload ? response.payload : undefined;
  if (response.type !== 'complete')
    return { kind: 'failure', payload, messageKey: 'error.message.unknown', reason: MISSING_ERROR_PAYLOAD };
  const code = (response.resultCode ?? '').toLowerCase();
  if (WAITING_CODES.has(code)) return { kind: 'pending' };
  // The gateway lets an unpaid QR or await payment lapse by its own clock.
  if (code === 'expired') return { kind: 'expired', payload };
  if (FAILED_CODES.has(code) || code === 'unknown') {
    const messageKey = code === 'unknown' ? 'error.message.unknown' : 'error.subtitle.refused';
    return { kind: 'failure', payload, messageKey, reason: payload ? messageKey : MISSING_ERROR_PAYLOAD };
  }
  if (!payload)
    return {
      kind: 'failure',
      payload,
      messageKey: 'error.message.unknown',
      reason: MISSING_SUCCESS_PAYLOAD,
    };
  return { kind: 'success', payload };
}

/** One status check; a failed call rejects (the poller keeps going). */
export async function checkPaymentStatus(
  loadingContext: string,
  clientKey: string,
  paymentData: string,
): Promise<StatusOutcome> {
  if (!paymentData || !clientKey) throw new CheckoutError('ERROR', 'Could not check the payment status');
  const response = await http<PaymentStatusResponse>(
    withQuery(`${loadingContext}services/PaymentInitiation/v1/status`, { clientKey }),
    { body: { paymentData } },
  );
  return mapStatusResponse(response ?? {});
}
