/**
 * Field rules of the frames that answer the official @adyen/adyen-web library (adyen-web-frame.ts):
 * the card fields reuse fields.ts; gift cards (`txVariant` `giftcard`) have their own number and PIN
 * rules — no brand, no Luhn check.
 */

import { evaluate, type FieldContext, type FieldState } from './fields.ts';
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

/** A gift card's number: 15 to 32 digits. */
export const GIFT_CARD_NUMBER_LENGTH = { min: 15, max: 32 } as const;
/** A gift card's PIN (sent as `encryptedSecurityCode`): 3 to 10 digits. */
export const GIFT_CARD_PIN_LENGTH = { min: 3, max: 10 } as const;

/** The short name the library expects in each encryption entry's `type`. */
export const BLOB_KIND: Record<EncryptedBlob['type'], string> = {
  encryptedCardNumber: 'number',
  encryptedExpiryMonth: 'month',
  encryptedExpiryYear: 'year',
  encryptedSecurityCode: 'cvc',
  encryptedBankAccountNumber: 'bankAccountNumber',
  encryptedBankLocationId: 'bankLocationId',
};

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** Groups of four, as gift cards are printed. */
const inFours = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

function giftCardNumber(input: string, complete: boolean): FieldState {
  const digits = digitsOf(input).slice(0, GIFT_CARD_NUMBER_LENGTH.max);
  const base = { display: inFours(digits), values: [] };
  if (digits.length === 0)
    return { ...base, status: complete ? 'invalid' : 'empty', error: complete ? 'cc.num.900' : '' };
  if (digits.length < GIFT_CARD_NUMBER_LENGTH.min)
    return { ...base, status: complete ? 'invalid' : 'incomplete', error: complete ? 'cc.num.901' : '' };
  return { ...base, status: 'valid', error: '', values: [{ type: 'encryptedCardNumber', value: digits }] };
}

function giftCardPin(input: string, complete: boolean): FieldState {
  const digits = digitsOf(input).slice(0, GIFT_CARD_PIN_LENGTH.max);
  if (digits.length === 0)
    return {
      display: '',
      values: [],
      status: complete ? 'invalid' : 'empty',
      error: complete ? 'cc.cvc.920' : '',
    };
  if (digits.length < GIFT_CARD_PIN_LENGTH.min)
    return {
      display: digits,
      values: [],
      status: complete ? 'invalid' : 'incomplete',
      error: complete ? 'cc.cvc.921' : '',
    };
  // A PIN may be shorter than the longest allowed: it counts as entered once it has the minimum.
  return {
    display: digits,
    status: 'valid',
    error: '',
    values: [{ type: 'encryptedSecurityCode', value: digits }],
  };
}

/** The state of one field of the given payment-method variant (`card`, a brand, or `giftcard`). */
export function evaluateAdyenWebField(
  txVariant: string,
  fieldType: AdyenWebFieldType,
  input: string,
  context: FieldContext,
  complete: boolean,
): FieldState {
  if (txVariant === 'giftcard' && fieldType === 'encryptedCardNumber') return giftCardNumber(input, complete);
  if (txVariant === 'giftcard' && fieldType === 'encryptedSecurityCode') return giftCardPin(input, complete);
  return evaluate(fieldType, input, context, complete);
}

/** The longest input the field takes, for the input's `maxlength` (digits plus separators). */
export function inputMaxLength(txVariant: string, fieldType: AdyenWebFieldType, cvcLength: number): number {
  if (txVariant === 'giftcard' && fieldType === 'encryptedCardNumber')
    return GIFT_CARD_NUMBER_LENGTH.max + GIFT_CARD_NUMBER_LENGTH.max / 4;
  if (txVariant === 'giftcard' && fieldType === 'encryptedSecurityCode') return GIFT_CARD_PIN_LENGTH.max;
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

/**
 * Styles as the library sends them (`{ base, error, validated, placeholder }`, camelCase CSS
 * properties) in the kebab-case form `sanitizeFrameStyles` checks.
 */
export function kebabStyles(styles: unknown): Record<string, unknown> {
  if (typeof styles !== 'object' || styles === null || Array.isArray(styles)) return {};
  const out: Record<string, unknown> = {};
  for (const [property, value] of Object.entries(styles)) {
    out[property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)] = value;
  }
  return out;
}
