import type { Amount } from '../../../core/amount.ts';
import type { BalanceCheckResponse } from '../../../core/types.ts';

/** What a balance check found: something to pay with, or why not (statuses of spec §4, texts of §8). */
export type BalanceOutcome =
  | { kind: 'usable'; balance: Amount; transactionLimit: Amount | undefined; facts: BalanceFacts }
  | { kind: 'unusable'; status: 'card-error' | 'currency-error' | 'no-balance'; messageKey: string };

export interface BalanceFacts {
  /** What this card can pay now: its balance, capped by its transaction limit. */
  available: Amount;
  /** True when the card pays the whole amount due. */
  coversAll: boolean;
  /** What the card pays in this payment. */
  paid: Amount;
  /** The card's balance after this payment. */
  remainingBalance: Amount;
  /** What is left to pay with another method after this payment (0 when the card covers all). */
  remainingDue: Amount;
}

/** Reads a balance-check answer against the amount still due (the order's remainder, or the whole amount). */
export function interpretBalance(
  response: BalanceCheckResponse | undefined,
  due: Amount | undefined,
): BalanceOutcome {
  const balance = response?.balance;
  if (!balance || typeof balance.value !== 'number')
    return { kind: 'unusable', status: 'card-error', messageKey: 'error.giftcard.card-error' };
  if (due && balance.currency !== due.currency)
    return { kind: 'unusable', status: 'currency-error', messageKey: 'error.giftcard.currency-error' };
  if (balance.value <= 0)
    return { kind: 'unusable', status: 'no-balance', messageKey: 'error.giftcard.no-balance' };
  const limit = response?.transactionLimit;
  const transactionLimit = limit && limit.currency === balance.currency ? limit : undefined;
  const availableValue = Math.min(balance.value, transactionLimit?.value ?? balance.value);
  const dueValue = due?.value ?? availableValue;
  const paidValue = Math.min(availableValue, dueValue);
  const currency = balance.currency;
  return {
    kind: 'usable',
    balance,
    transactionLimit,
    facts: {
      available: { value: availableValue, currency },
      coversAll: availableValue >= dueValue,
      paid: { value: paidValue, currency },
      remainingBalance: { value: balance.value - paidValue, currency },
      remainingDue: { value: dueValue - paidValue, currency },
    },
  };
}
