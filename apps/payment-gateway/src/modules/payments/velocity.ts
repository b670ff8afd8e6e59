import { createHmac } from 'node:crypto';
import type { Executor } from '@actuate/service-kit';
import { and, countDistinct, eq, gt, isNotNull, isNull, ne } from 'drizzle-orm';
import type { AcquirerOutcome } from './acquirer.ts';
import { type FraudResult, payments } from './schema.ts';

/** The card-testing rule's settings (config: RISK_MAX_CARDS_PER_DEVICE, RISK_VELOCITY_WINDOW_SECONDS). */
export interface VelocityRule {
  maxCardsPerDevice: number;
  windowSeconds: number;
}

/** The reference's refusal for a payment its risk checks blocked: refusalReasonCode 20, FRAUD. */
export const FRAUD_REFUSAL: AcquirerOutcome = { code: 20, resultCode: 'Refused', refusalReason: 'FRAUD' };

/** The score that blocks a payment, and the sandbox's own id and name of the check (documented). */
const BLOCKING_SCORE = 100;
export const CARDS_PER_DEVICE_CHECK = { checkId: 100, name: 'CardsPerDeviceVelocity' };

export const velocityFraudResult = (): FraudResult => ({
  accountScore: BLOCKING_SCORE,
  results: [{ FraudCheckResult: { accountScore: BLOCKING_SCORE, ...CARDS_PER_DEVICE_CHECK } }],
});

/**
 * A keyed hash of a card number, so payments can be compared by card without keeping the number: an
 * HMAC-SHA256 under a key derived from the gateway's token key (not reversible without it).
 */
export function cardHashOf(tokenKey: Buffer, cardNumber: string): string {
  const key = createHmac('sha256', tokenKey).update('card-velocity-v1').digest();
  return createHmac('sha256', key).update(cardNumber.replace(/\s+/g, '')).digest('base64url');
}

/**
 * Whether this card would be one more distinct card than the rule allows for the device with the
 * merchant in the window. Attempts the acquirer refused count (card testers try many numbers that
 * fail); attempts this rule refused do not.
 */
export async function exceedsCardsPerDevice(
  db: Executor,
  rule: VelocityRule,
  attempt: { merchantAccount: string; deviceFingerprint: string; cardHash: string; now: Date },
): Promise<boolean> {
  const since = new Date(attempt.now.getTime() - rule.windowSeconds * 1000);
  const [row] = await db
    .select({ cards: countDistinct(payments.cardHash) })
    .from(payments)
    .where(
      and(
        eq(payments.merchantAccount, attempt.merchantAccount),
        eq(payments.deviceFingerprint, attempt.deviceFingerprint),
        gt(payments.createdAt, since),
        isNotNull(payments.cardHash),
        ne(payments.cardHash, attempt.cardHash),
        // An attempt this rule refused was never "used": retrying an earlier card stays possible.
        isNull(payments.fraudResult),
      ),
    );
  return (row?.cards ?? 0) >= rule.maxCardsPerDevice;
}
