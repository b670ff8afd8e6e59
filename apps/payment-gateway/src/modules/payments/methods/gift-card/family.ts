import type { MerchantContext } from '../../../../shared/context.ts';
import type { GatewayKeys } from '../../../crypto/service.ts';
import { acquirerOutcome, modificationTriggers, outcomeForCode } from '../../acquirer.ts';
import type { PaymentRequest } from '../../models.ts';
import type {
  ListQuery,
  MethodDecision,
  MethodModifications,
  PaymentMethodEntry,
  PaymentMethodFamily,
} from '../types.ts';
import { checkStoredValueCard, type StoredValueMethod } from './card-check.ts';
import { isMealVoucherType, MEAL_VOUCHER_TYPES, type TestGiftCard } from './test-cards.ts';

const NOT_ENOUGH_BALANCE = outcomeForCode(12);
/** Our choice for a payment in another currency than the card's: the amount cannot be taken from it. */
const INVALID_AMOUNT = outcomeForCode(7);

const GIFT_CARD_ENTRIES: PaymentMethodEntry[] = [
  { type: 'giftcard', name: 'Givex', brand: 'givex' },
  { type: 'giftcard', name: 'SVS', brand: 'svs' },
  { type: 'giftcard', name: 'Generic GiftCard', brand: 'genericgiftcard' },
];

const MEAL_VOUCHER_NAMES: Record<(typeof MEAL_VOUCHER_TYPES)[number], string> = {
  mealVoucher_FR_natixis: 'Natixis',
  mealVoucher_FR_sodexo: 'Sodexo',
  mealVoucher_FR_groupeup: 'Groupe Up',
};

/**
 * Redeeming a stored-value card takes the money off it at once, so the payment settles at
 * authorisation (no separate capture, nothing left to cancel); the amount can go back to the card
 * in full or in parts (Adyen's referenced gift-card refunds). An order that is cancelled refunds it.
 */
const STORED_VALUE_MODIFICATIONS: MethodModifications = {
  capture: 'immediate',
  partialCapture: false,
  refund: true,
  partialRefund: true,
  cancel: false,
};

/**
 * The most a payment can take from the card: its balance, or less when the card has a per-payment
 * limit. Zero when the currency is not the card's.
 */
export function coverableValue(card: TestGiftCard, currency: string): number {
  if (card.balance.currency !== currency) return 0;
  const limit = card.transactionLimit?.value ?? Number.POSITIVE_INFINITY;
  return Math.min(card.balance.value, limit);
}

/**
 * Gift cards (`giftcard` with brand givex, svs or genericgiftcard) and French meal vouchers
 * (`mealVoucher_FR_*`): number and PIN (and a voucher's expiry) from the widget's encrypted fields,
 * checked against the sandbox's test cards; no 3-D Secure. A payment larger than the card covers is
 * refused, unless it belongs to a partial-payment order: then the card pays what it can
 * (`authorisedValue`) and the order keeps the rest open.
 */
export class GiftCardFamily implements PaymentMethodFamily {
  readonly name = 'giftcard';

  constructor(private readonly keys: GatewayKeys) {}

  handles(type: string) {
    return type === 'giftcard' || isMealVoucherType(type);
  }

  listEntries(_context: MerchantContext, query: ListQuery): PaymentMethodEntry[] {
    // Meal vouchers are French and paid in euros; gift cards are offered everywhere.
    const mealVouchers =
      query.countryCode?.toUpperCase() === 'FR' && (!query.amount || query.amount.currency === 'EUR')
        ? MEAL_VOUCHER_TYPES.map((type) => ({ type, name: MEAL_VOUCHER_NAMES[type] }))
        : [];
    return [...GIFT_CARD_ENTRIES.map((entry) => ({ ...entry })), ...mealVouchers];
  }

  modifications(_type: string): MethodModifications {
    return STORED_VALUE_MODIFICATIONS;
  }

  async decide(context: MerchantContext, request: PaymentRequest): Promise<MethodDecision> {
    const method = request.paymentMethod as StoredValueMethod;
    const check = await checkStoredValueCard(this.keys, method, context.now);
    const decision = {
      paymentMethodType: method.type,
      ...(method.type === 'giftcard' ? { brand: check.issuer } : {}),
      lastFour: check.lastFour,
      triggers: modificationTriggers(undefined),
      threeDs: 'none' as const,
    };
    if (check.kind === 'refused') return { ...decision, acquirer: check.outcome };
    const { card } = check;
    if (card.balance.currency !== request.amount.currency) return { ...decision, acquirer: INVALID_AMOUNT };
    const coverable = coverableValue(card, request.amount.currency);
    if (coverable === 0) return { ...decision, acquirer: NOT_ENOUGH_BALANCE };
    const acquirer = acquirerOutcome(undefined, request.additionalData);
    if (request.amount.value <= coverable) return { ...decision, acquirer };
    // Only an order lets a card pay part of the amount; the core charges `authorisedValue`.
    if (!request.order) return { ...decision, acquirer: NOT_ENOUGH_BALANCE };
    return { ...decision, acquirer, authorisedValue: coverable };
  }
}
