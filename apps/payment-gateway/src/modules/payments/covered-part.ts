import { type AcquirerOutcome, outcomeForCode } from './acquirer.ts';
import type { MethodDecision } from './methods/types.ts';
import type { PaymentRequest } from './models.ts';

/** Adyen's refusal for a balance below the amount (code 12). */
const NOT_ENOUGH_BALANCE = outcomeForCode(12);

/**
 * What a payment charges when its method covers less than asked (a gift card's balance or limit):
 * inside a partial-payment order it takes that part and leaves the rest open; outside one nothing is
 * charged (Not enough balance), whatever the family answered.
 */
export function coveredPart(
  request: Pick<PaymentRequest, 'amount' | 'order'>,
  decision: Pick<MethodDecision, 'authorisedValue' | 'acquirer'>,
): { amountValue: number; acquirer: AcquirerOutcome } {
  const covered = decision.authorisedValue;
  if (covered === undefined || covered >= request.amount.value)
    return { amountValue: request.amount.value, acquirer: decision.acquirer };
  if (request.order && covered > 0) return { amountValue: covered, acquirer: decision.acquirer };
  return { amountValue: request.amount.value, acquirer: NOT_ENOUGH_BALANCE };
}
