/**
 * The buyer-facing name of a gateway payment method. The gateway's webhooks name a card by its brand
 * and a gift card by its programme, so several raw values map to one label key.
 */
export type MethodLabelKey =
  | 'scheme'
  | 'bankTransfer_IBAN'
  | 'sepadirectdebit'
  | 'directdebit_GB'
  | 'riverty'
  | 'ach'
  | 'giftcard'
  | 'mealVoucher';

const CARD_BRANDS = new Set([
  'scheme',
  'visa',
  'mc',
  'amex',
  'maestro',
  'dankort',
  'cartebancaire',
  'diners',
  'discover',
  'jcb',
  'cup',
  'bcmc',
]);
const GIFT_CARDS = new Set(['giftcard', 'givex', 'svs', 'genericgiftcard']);
const OWN_LABELS = new Set<MethodLabelKey>([
  'bankTransfer_IBAN',
  'sepadirectdebit',
  'directdebit_GB',
  'riverty',
  'ach',
]);

export function methodLabelKey(method: unknown): MethodLabelKey | undefined {
  if (typeof method !== 'string') return undefined;
  if (CARD_BRANDS.has(method)) return 'scheme';
  if (GIFT_CARDS.has(method)) return 'giftcard';
  if (method.startsWith('mealVoucher')) return 'mealVoucher';
  return OWN_LABELS.has(method as MethodLabelKey) ? (method as MethodLabelKey) : undefined;
}

interface TransactionLike {
  readonly Type?: string | null;
  readonly Succeeded?: boolean | null;
  readonly xp?: unknown;
}

/**
 * The methods that paid an order, in the order they were authorised: one for a plain payment, two
 * when a gift card covered part and another method the rest.
 */
export function paidWith(transactions: readonly TransactionLike[] | null | undefined): MethodLabelKey[] {
  const keys: MethodLabelKey[] = [];
  for (const transaction of transactions ?? []) {
    if (transaction.Type !== 'Authorization' || !transaction.Succeeded) continue;
    const key = methodLabelKey((transaction.xp as { PaymentMethod?: unknown } | undefined)?.PaymentMethod);
    if (key && !keys.includes(key)) keys.push(key);
  }
  return keys;
}
