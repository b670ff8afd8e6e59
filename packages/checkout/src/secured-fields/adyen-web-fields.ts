/**
 * Field rules of the frames that answer the official @adyen/adyen-web library (adyen-web-frame.ts):
 * the card and gift-card rules of fields.ts, behind the library's own field names and lengths.
 */

import {
  evaluate,
  type FieldContext,
  type FieldState,
  GIFT_CARD_RULES,
  isGiftCardVariant,
} from './fields.ts';
import type { EncryptedBlob, FieldType } from './protocol.ts';

/** The field types the official library puts into its `data-cse` holders and we serve. */
export const ADYEN_WEB_FIELD_TYPES = [
  'encryptedCardNumber',
  'encryptedExpiryDate',
  'encryptedExpiryMonth',
  'encryptedExpiryYear',
  'encryptedSecurityCode',
] as const satisfies readonly FieldType[];
export type AdyenWebFieldType = (typeof ADYEN_WEB_FIELD_TYPES)[number];

export const isAdyenWebFieldType = (value: unknown): value is AdyenWebFieldType =>
  typeof value === 'string' && (ADYEN_WEB_FIELD_TYPES as readonly string[]).includes(value);

/** The short name the library expects in each encryption entry's `type`. */
export const BLOB_KIND: Record<EncryptedBlob['type'], string> = {
  encryptedCardNumber: 'number',
  encryptedExpiryMonth: 'month',
  encryptedExpiryYear: 'year',
  encryptedSecurityCode: 'cvc',
  encryptedBankAccountNumber: 'bankAccountNumber',
  encryptedBankLocationId: 'bankLocationId',
};

/** The state of one field of the given payment-method variant (`card`, a brand, or `giftcard`). */
export function evaluateAdyenWebField(
  txVariant: string,
  fieldType: AdyenWebFieldType,
  input: string,
  context: FieldContext,
  complete: boolean,
): FieldState {
  // The same gift-card rules as our own frames (fields.ts): no brand, no Luhn, a PIN of 3 to 10 digits.
  return evaluate(fieldType, input, { ...context, giftCard: isGiftCardVariant(txVariant) }, complete);
}

/** The longest input the field takes, for the input's `maxlength` (digits plus separators). */
export function inputMaxLength(txVariant: string, fieldType: AdyenWebFieldType, cvcLength: number): number {
  if (isGiftCardVariant(txVariant) && fieldType === 'encryptedCardNumber')
    return GIFT_CARD_RULES.maxNumber + GIFT_CARD_RULES.maxNumber / 4;
  if (isGiftCardVariant(txVariant) && fieldType === 'encryptedSecurityCode') return GIFT_CARD_RULES.maxPin;
  switch (fieldType) {
    case 'encryptedCardNumber':
      return 24;
    case 'encryptedExpiryDate':
      return 5;
    case 'encryptedExpiryMonth':
      return 2;
    case 'encryptedExpiryYear':
      return 4;
    case 'encryptedSecurityCode':
      return cvcLength;
  }
}

/** The `…KeyPressed` action name the library's validation handling expects for a field. */
export const KEY_PRESSED_ACTION: Record<AdyenWebFieldType, string> = {
  encryptedCardNumber: 'numberKeyPressed',
  encryptedExpiryDate: 'dateKeyPressed',
  encryptedExpiryMonth: 'monthKeyPressed',
  encryptedExpiryYear: 'yearKeyPressed',
  encryptedSecurityCode: 'cvcKeyPressed',
};
