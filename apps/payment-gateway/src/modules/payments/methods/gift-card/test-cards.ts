import type { Amount } from '../../models.ts';

/**
 * The sandbox's gift cards and meal vouchers (the shared contract, GIFTCARD-DATA.md; the widget and the
 * storefront use the same numbers). As in Adyen's test environment a balance is fixed: paying with a
 * card does not lower it.
 */
export const GIFT_CARD_BRANDS = ['givex', 'svs', 'genericgiftcard'] as const;
export type GiftCardBrand = (typeof GIFT_CARD_BRANDS)[number];

export const MEAL_VOUCHER_TYPES = [
  'mealVoucher_FR_natixis',
  'mealVoucher_FR_sodexo',
  'mealVoucher_FR_groupeup',
] as const;
export type MealVoucherType = (typeof MEAL_VOUCHER_TYPES)[number];

/** Who issued the card: a gift-card brand, or (meal vouchers) the voucher type itself. */
export type StoredValueIssuer = GiftCardBrand | MealVoucherType;

export interface TestGiftCard {
  issuers: readonly StoredValueIssuer[];
  number: string;
  pin: string;
  /** Meal vouchers only: the card's printed expiry. */
  expiry?: { month: number; year: number } | undefined;
  balance: Amount;
  /** The most one payment may take from the card; absent: the balance. */
  transactionLimit?: Amount | undefined;
}

const eur = (value: number): Amount => ({ currency: 'EUR', value });

export const TEST_GIFT_CARDS: readonly TestGiftCard[] = [
  { issuers: ['givex'], number: '6036280000000000000', pin: '123', balance: eur(5000) },
  {
    issuers: ['givex'],
    number: '6036280000000000019',
    pin: '123',
    balance: { currency: 'DKK', value: 50000 },
  },
  { issuers: ['givex'], number: '6036280000000000027', pin: '123', balance: eur(0) },
  {
    issuers: ['givex'],
    number: '6036280000000000035',
    pin: '123',
    balance: { currency: 'USD', value: 10000 },
  },
  {
    issuers: ['givex'],
    number: '6036280000000000043',
    pin: '123',
    balance: eur(100_000),
    transactionLimit: eur(20_000),
  },
  { issuers: ['svs'], number: '6006491286999921374', pin: '1111', balance: eur(10_000) },
  { issuers: ['genericgiftcard'], number: '4010100000000000000', pin: '73737', balance: eur(500_000) },
  {
    issuers: ['genericgiftcard'],
    number: '4010100000000000018',
    pin: '73737',
    balance: { currency: 'DKK', value: 1_000_000 },
  },
  {
    issuers: MEAL_VOUCHER_TYPES,
    number: '5010100000000000000',
    pin: '1234',
    expiry: { month: 3, year: 2030 },
    balance: eur(2500),
  },
];

export function findTestGiftCard(issuer: StoredValueIssuer, number: string): TestGiftCard | undefined {
  return TEST_GIFT_CARDS.find((card) => card.number === number && card.issuers.includes(issuer));
}

export const isGiftCardBrand = (value: string): value is GiftCardBrand =>
  (GIFT_CARD_BRANDS as readonly string[]).includes(value);

export const isMealVoucherType = (value: string): value is MealVoucherType =>
  (MEAL_VOUCHER_TYPES as readonly string[]).includes(value);
