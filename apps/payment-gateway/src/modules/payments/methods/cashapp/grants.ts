import { randomBytes } from 'node:crypto';
import { signToken, verifyToken } from '../../../crypto/service.ts';

/**
 * Cash App Pay grants as the sandbox issues them: the simulator's "approve on your phone" asks the
 * gateway for them, and the gateway signs what the shopper approved (merchant, amount, customer), so
 * the payment family can trust a grant the page hands back without any Cash App server.
 */
const CLIENT_ID_PREFIX = 'CAS-CI_1!';
const GRANT_PREFIX = 'GRG_1!';

/** How long a grant may be used after approval (Cash App's one-time grants are short-lived). */
export const GRANT_LIFETIME_MS = 60 * 60 * 1000;

export interface CashAppCustomer {
  /** Cash App's customer id, e.g. `CST_…`. */
  id: string;
  /** The shopper's public handle, e.g. `$sandbox-shopper`. */
  cashtag: string;
  /** A holder-name-like trigger the simulated acquirer answers (`DECLINED` …); absent: approved. */
  trigger?: string | undefined;
}

export interface CashAppGrant {
  /** The merchant account the grant was issued to. */
  merchantAccount: string;
  action: 'payment' | 'onFile';
  customer: CashAppCustomer;
  /** A one-time payment's approved amount (minor units). */
  amount?: { currency: string; value: number } | undefined;
  /** When the grant stops being usable (epoch ms). */
  expiresAt: number;
}

/** The `clientId` a merchant's /paymentMethods entry carries: names the merchant, cannot be forged. */
export function cashAppClientId(tokenKey: Buffer, merchantAccount: string): string {
  return signToken(tokenKey, CLIENT_ID_PREFIX, { m: merchantAccount });
}

export function merchantOfClientId(tokenKey: Buffer, clientId: string): string | undefined {
  const merchant = verifyToken<{ m?: unknown }>(tokenKey, CLIENT_ID_PREFIX, clientId)?.m;
  return typeof merchant === 'string' ? merchant : undefined;
}

export function signGrant(tokenKey: Buffer, grant: CashAppGrant): string {
  // A nonce makes every grant id distinct, as Cash App's are.
  return signToken(tokenKey, GRANT_PREFIX, { ...grant, n: randomBytes(6).toString('hex') });
}

/** The grant a grant id stands for, if the gateway issued it (expiry is checked by the caller). */
export function openGrant(tokenKey: Buffer, grantId: string): CashAppGrant | undefined {
  const grant = verifyToken<CashAppGrant>(tokenKey, GRANT_PREFIX, grantId);
  if (!grant || typeof grant.merchantAccount !== 'string' || typeof grant.customer?.id !== 'string')
    return undefined;
  return grant;
}
