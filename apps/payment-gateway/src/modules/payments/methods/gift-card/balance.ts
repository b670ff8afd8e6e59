import { z } from 'zod';
import type { MerchantContext } from '../../../../shared/context.ts';
import type { GatewayKeys } from '../../../crypto/service.ts';
import { type Amount, amountSchema, paymentMethodSchema } from '../../models.ts';
import { newPspReference } from '../../references.ts';
import { checkStoredValueCard, type StoredValueMethod } from './card-check.ts';

/** `POST /paymentMethods/balance` (Adyen's BalanceCheckRequest, the parts the sandbox uses). */
export const balanceCheckRequestSchema = z.looseObject({
  merchantAccount: z.string().min(1),
  amount: amountSchema.optional(),
  paymentMethod: paymentMethodSchema.extend({ type: z.string().min(1).max(64) }),
});

export interface BalanceCheckResult {
  pspReference: string;
  resultCode: 'Success' | 'NotEnoughBalance' | 'Failed';
  /** Absent when the check failed (unknown card, wrong PIN): a failed check reveals nothing. */
  balance?: Amount;
  transactionLimit?: Amount;
  refusalReason?: string;
}

/**
 * Balance checks of gift cards and meal vouchers, for the merchant API and the session's client call.
 * The card is checked exactly as a payment checks it; nothing is stored and the number is never kept.
 */
export class GiftCardBalanceService {
  constructor(private readonly keys: GatewayKeys) {}

  async check(
    context: MerchantContext,
    request: { paymentMethod: StoredValueMethod; amount?: Amount | undefined },
  ): Promise<BalanceCheckResult> {
    const pspReference = newPspReference();
    const check = await checkStoredValueCard(this.keys, request.paymentMethod, context.now);
    if (check.kind === 'refused') {
      return { pspReference, resultCode: 'Failed', refusalReason: check.outcome.refusalReason ?? 'Refused' };
    }
    const { balance, transactionLimit } = check.card;
    const { amount } = request;
    // Not enough: less than asked for, or money in another currency (the balance is still shown).
    const notEnough =
      balance.value === 0 ||
      (amount !== undefined && (amount.currency !== balance.currency || balance.value < amount.value));
    return {
      pspReference,
      resultCode: notEnough ? 'NotEnoughBalance' : 'Success',
      balance: { ...balance },
      ...(transactionLimit ? { transactionLimit: { ...transactionLimit } } : {}),
    };
  }
}
