import { gatewayError } from '../../../../shared/errors.ts';
import { type GatewayKeys, jweOpener } from '../../../crypto/service.ts';
import { type AcquirerOutcome, DECLINED, EXPIRED_CARD, outcomeForCode } from '../../acquirer.ts';
import { decryptField } from '../card/encrypted-fields.ts';
import {
  findTestGiftCard,
  isGiftCardBrand,
  isMealVoucherType,
  type StoredValueIssuer,
  type TestGiftCard,
} from './test-cards.ts';

export const INVALID_CARD_NUMBER = outcomeForCode(8);
export const INVALID_PIN = outcomeForCode(17);

/** The fields of a gift-card or meal-voucher `paymentMethod` (payments and balance checks). */
export interface StoredValueMethod {
  type: string;
  brand?: string | undefined;
  encryptedCardNumber?: string | undefined;
  encryptedSecurityCode?: string | undefined;
  encryptedExpiryMonth?: string | undefined;
  encryptedExpiryYear?: string | undefined;
  [key: string]: unknown;
}

/**
 * What the issuer says of the card, before any amount is looked at: a known card with the right PIN
 * (and, for meal vouchers, a current expiry), or a refusal. Both carry the last four digits only.
 */
export type CardCheck =
  | { kind: 'valid'; issuer: StoredValueIssuer; lastFour: string; card: TestGiftCard }
  | { kind: 'refused'; issuer: StoredValueIssuer; lastFour: string; outcome: AcquirerOutcome };

/** `giftcard` needs its brand; a meal voucher's type names its issuer. Anything else: 422 `905`. */
export function issuerOf(method: StoredValueMethod): StoredValueIssuer {
  if (isMealVoucherType(method.type)) return method.type;
  if (method.type !== 'giftcard')
    throw gatewayError.unprocessable('905', 'Only gift cards and meal vouchers have a balance.');
  if (!method.brand)
    throw gatewayError.unprocessable('905', 'paymentMethod.brand is missing for a gift card.');
  if (!isGiftCardBrand(method.brand))
    throw gatewayError.unprocessable('905', 'This gift card brand is not supported.');
  return method.brand;
}

/**
 * Opens and checks the encrypted fields (or their `test_` values): number 15–32 digits, PIN 3–10,
 * meal vouchers also an expiry. Malformed input is a 422; a wrong PIN, an unknown number or an
 * expired voucher is the issuer's refusal. Messages never contain the values.
 */
export async function checkStoredValueCard(
  keys: GatewayKeys,
  method: StoredValueMethod,
  now: Date,
): Promise<CardCheck> {
  // As for cards: the sandbox takes no raw card data, only the frames' encrypted fields.
  if ('number' in method || 'cvc' in method)
    throw gatewayError.unprocessable('000', 'Raw card data is not accepted; send the encrypted fields.');
  const issuer = issuerOf(method);
  const mealVoucher = isMealVoucherType(issuer);
  if (!method.encryptedCardNumber)
    throw gatewayError.unprocessable('101', 'Invalid card number: encryptedCardNumber is missing.');
  if (mealVoucher && (!method.encryptedExpiryMonth || !method.encryptedExpiryYear))
    throw gatewayError.unprocessable('129', 'Expiry Date Invalid: a meal voucher needs its expiry date.');
  const open = jweOpener(keys);
  const optional = (field: 'encryptedSecurityCode' | 'encryptedExpiryMonth' | 'encryptedExpiryYear') => {
    const value = method[field];
    return typeof value === 'string' && value ? decryptField(open, field, value, now) : undefined;
  };
  const [rawNumber, pin, expiryMonth, expiryYear] = await Promise.all([
    decryptField(open, 'encryptedCardNumber', method.encryptedCardNumber, now),
    optional('encryptedSecurityCode'),
    mealVoucher ? optional('encryptedExpiryMonth') : undefined,
    mealVoucher ? optional('encryptedExpiryYear') : undefined,
  ]);
  const number = rawNumber.replace(/\s+/g, '');
  if (!/^\d{15,32}$/.test(number))
    throw gatewayError.unprocessable('101', 'Invalid card number: a gift card number has 15 to 32 digits.');
  if (pin !== undefined && !/^\d{3,10}$/.test(pin))
    throw gatewayError.unprocessable('103', 'Invalid PIN: a gift card PIN has 3 to 10 digits.');
  const expiry = mealVoucher ? parseExpiry(expiryMonth, expiryYear) : undefined;
  const lastFour = number.slice(-4);
  const card = findTestGiftCard(issuer, number);
  const refused = (outcome: AcquirerOutcome): CardCheck => ({ kind: 'refused', issuer, lastFour, outcome });
  if (!card) return refused(INVALID_CARD_NUMBER);
  // A card with a PIN needs it; a missing one is as wrong as a mistyped one.
  if (pin !== card.pin) return refused(INVALID_PIN);
  if (expiry) {
    const monthIndex = (value: { month: number; year: number }) => value.year * 12 + value.month - 1;
    if (monthIndex(expiry) < now.getUTCFullYear() * 12 + now.getUTCMonth()) return refused(EXPIRED_CARD);
    // Like a test card with a wrong expiry: a generic refusal.
    if (card.expiry && monthIndex(expiry) !== monthIndex(card.expiry)) return refused(DECLINED);
  }
  return { kind: 'valid', issuer, lastFour, card };
}

function parseExpiry(month: string | undefined, year: string | undefined) {
  if (!/^\d{1,2}$/.test(month ?? '') || !/^(\d{2}|\d{4})$/.test(year ?? ''))
    throw gatewayError.unprocessable('129', 'Expiry Date Invalid.');
  const parsedMonth = Number(month);
  const parsedYear = (year as string).length === 2 ? 2000 + Number(year) : Number(year);
  if (parsedMonth < 1 || parsedMonth > 12) throw gatewayError.unprocessable('129', 'Expiry Date Invalid.');
  return { month: parsedMonth, year: parsedYear };
}
