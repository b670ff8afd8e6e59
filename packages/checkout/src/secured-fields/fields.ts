import { bankAccountNumber, bankLocationId } from './bank-account-rules.ts';
import { detectBrand, formatCardNumber, maxLength, passesLuhn } from './card-rules.ts';
import type { BrandRule, EncryptedBlob, FieldPolicy, FieldType } from './protocol.ts';

/** What the gateway decrypts: the member of the JWE payload each blob type carries. */
export const PAYLOAD_MEMBER: Record<EncryptedBlob['type'], string> = {
  encryptedCardNumber: 'number',
  encryptedExpiryMonth: 'expiryMonth',
  encryptedExpiryYear: 'expiryYear',
  encryptedSecurityCode: 'cvc',
  encryptedBankAccountNumber: 'bankAccountNumber',
  encryptedBankLocationId: 'bankLocationId',
};

export interface FieldState {
  /** The text shown in the input (formatted). */
  display: string;
  /** `valid` values are encrypted; `incomplete` while typing; `invalid` with an error code. */
  status: 'empty' | 'incomplete' | 'invalid' | 'valid';
  error: string;
  /** The clear values to encrypt when valid: never sent anywhere in clear. */
  values: { type: EncryptedBlob['type']; value: string }[];
  brand?: BrandRule | undefined;
}

export interface FieldContext {
  rules: BrandRule[];
  supportedBrands?: string[] | undefined;
  /** The brand the parent reports (from binLookup) for the security-code and date fields. */
  cvcLength: number;
  cvcPolicy: FieldPolicy;
  expiryDatePolicy: FieldPolicy;
  now: Date;
  /** Gift cards and meal vouchers: long numbers without Luhn or brand, a PIN of 3 to 10 digits. */
  giftCard?: boolean;
}

/** Gift-card number and PIN limits (spec §9). */
export const GIFT_CARD_RULES = { minNumber: 15, maxNumber: 32, minPin: 3, maxPin: 10 };

/** The frame's config `txVariant` that switches it to gift-card rules. */
export const isGiftCardVariant = (txVariant: string | undefined): boolean =>
  txVariant === 'giftcard' || (txVariant?.startsWith('mealVoucher') ?? false);

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * Error codes are listed in this folder's README. `complete` is true on blur: incomplete input is
 * an error then.
 */
export function evaluate(
  fieldType: FieldType,
  input: string,
  context: FieldContext,
  complete: boolean,
): FieldState {
  switch (fieldType) {
    case 'encryptedCardNumber':
      return context.giftCard ? giftCardNumber(input, complete) : cardNumber(input, context, complete);
    case 'encryptedExpiryDate':
      return expiryDate(input, context, complete);
    case 'encryptedExpiryMonth':
      return expiryMonth(input, context, complete);
    case 'encryptedExpiryYear':
      return expiryYear(input, context, complete);
    case 'encryptedSecurityCode':
      return context.giftCard ? giftCardPin(input, complete) : securityCode(input, context, complete);
    case 'encryptedBankAccountNumber':
      return bankAccountNumber(input, complete);
    case 'encryptedBankLocationId':
      return bankLocationId(input, complete);
  }
}

function cardNumber(input: string, context: FieldContext, complete: boolean): FieldState {
  const rule = detectBrand(context.rules, digitsOf(input));
  const digits = digitsOf(input).slice(0, maxLength(rule));
  const display = formatCardNumber(digits, rule);
  const base = { display, values: [], brand: rule };
  if (digits.length === 0)
    return { ...base, status: complete ? 'invalid' : 'empty', error: complete ? 'cc.num.900' : '' };
  if (rule && context.supportedBrands?.length && !context.supportedBrands.includes(rule.brand)) {
    return { ...base, status: 'invalid', error: 'cc.num.903' };
  }
  const longEnough = rule ? rule.lengths.includes(digits.length) : digits.length >= 12 && digits.length <= 19;
  if (!longEnough) {
    if (digits.length >= maxLength(rule)) return { ...base, status: 'invalid', error: 'cc.num.901' };
    return { ...base, status: complete ? 'invalid' : 'incomplete', error: complete ? 'cc.num.901' : '' };
  }
  if ((rule?.luhn ?? true) && !passesLuhn(digits)) {
    // A number that could still grow (e.g. 16 of up to 19 digits) is only wrong once the shopper leaves it.
    if (!complete && digits.length < maxLength(rule)) return { ...base, status: 'incomplete', error: '' };
    return { ...base, status: 'invalid', error: 'cc.num.902' };
  }
  return { ...base, status: 'valid', error: '', values: [{ type: 'encryptedCardNumber', value: digits }] };
}

/** Months from now until the card's last valid month; negative when expired. */
function monthsUntil(month: number, year: number, now: Date) {
  return year * 12 + (month - 1) - (now.getFullYear() * 12 + now.getMonth());
}

function expiryDate(input: string, context: FieldContext, complete: boolean): FieldState {
  let digits = digitsOf(input).slice(0, 4);
  // "2" cannot start a month: read it as "02".
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  const display = digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
  const optional = context.expiryDatePolicy !== 'required';
  if (digits.length === 0) {
    return {
      display,
      values: [],
      status: complete && !optional ? 'invalid' : 'empty',
      error: complete && !optional ? 'cc.dat.910' : '',
    };
  }
  const month = Number(digits.slice(0, 2));
  if (digits.length >= 2 && (month < 1 || month > 12))
    return { display, values: [], status: 'invalid', error: 'cc.dat.911' };
  if (digits.length < 4)
    return {
      display,
      values: [],
      status: complete ? 'invalid' : 'incomplete',
      error: complete ? 'cc.dat.911' : '',
    };
  const year = 2000 + Number(digits.slice(2));
  const months = monthsUntil(month, year, context.now);
  if (months < 0) return { display, values: [], status: 'invalid', error: 'cc.dat.912' };
  if (months > 12 * 30) return { display, values: [], status: 'invalid', error: 'cc.dat.913' };
  return {
    display,
    status: 'valid',
    error: '',
    values: [
      { type: 'encryptedExpiryMonth', value: digits.slice(0, 2) },
      { type: 'encryptedExpiryYear', value: String(year) },
    ],
  };
}

function expiryMonth(input: string, _context: FieldContext, complete: boolean): FieldState {
  let digits = digitsOf(input).slice(0, 2);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length === 0)
    return {
      display: '',
      values: [],
      status: complete ? 'invalid' : 'empty',
      error: complete ? 'cc.mth.915' : '',
    };
  if (digits.length < 2)
    return {
      display: digits,
      values: [],
      status: complete ? 'invalid' : 'incomplete',
      error: complete ? 'cc.dat.911' : '',
    };
  const month = Number(digits);
  if (month < 1 || month > 12) return { display: digits, values: [], status: 'invalid', error: 'cc.dat.911' };
  return {
    display: digits,
    status: 'valid',
    error: '',
    values: [{ type: 'encryptedExpiryMonth', value: digits }],
  };
}

function expiryYear(input: string, context: FieldContext, complete: boolean): FieldState {
  const digits = digitsOf(input).slice(0, 4);
  if (digits.length === 0)
    return {
      display: '',
      values: [],
      status: complete ? 'invalid' : 'empty',
      error: complete ? 'cc.yr.917' : '',
    };
  if (digits.length !== 2 && digits.length !== 4) {
    return {
      display: digits,
      values: [],
      status: complete ? 'invalid' : 'incomplete',
      error: complete ? 'cc.yr.918' : '',
    };
  }
  const year = digits.length === 2 ? 2000 + Number(digits) : Number(digits);
  const thisYear = context.now.getFullYear();
  if (year < thisYear) return { display: digits, values: [], status: 'invalid', error: 'cc.dat.912' };
  if (year > thisYear + 30) return { display: digits, values: [], status: 'invalid', error: 'cc.dat.913' };
  return {
    display: digits,
    status: 'valid',
    error: '',
    values: [{ type: 'encryptedExpiryYear', value: String(year) }],
  };
}

function securityCode(input: string, context: FieldContext, complete: boolean): FieldState {
  const digits = digitsOf(input).slice(0, context.cvcLength);
  const optional = context.cvcPolicy !== 'required';
  if (digits.length === 0) {
    return {
      display: '',
      values: [],
      status: complete && !optional ? 'invalid' : 'empty',
      error: complete && !optional ? 'cc.cvc.920' : '',
    };
  }
  if (digits.length < context.cvcLength) {
    return {
      display: digits,
      values: [],
      status: complete ? 'invalid' : 'incomplete',
      error: complete ? 'cc.cvc.921' : '',
    };
  }
  return {
    display: digits,
    status: 'valid',
    error: '',
    values: [{ type: 'encryptedSecurityCode', value: digits }],
  };
}

/** Groups of four, no brand, no Luhn: gift-card schemes have their own checks on the issuer's side. */
function giftCardNumber(input: string, complete: boolean): FieldState {
  const digits = digitsOf(input).slice(0, GIFT_CARD_RULES.maxNumber);
  const display = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
  const base = { display, values: [] };
  if (digits.length === 0)
    return { ...base, status: complete ? 'invalid' : 'empty', error: complete ? 'cc.num.900' : '' };
  if (digits.length < GIFT_CARD_RULES.minNumber)
    return { ...base, status: complete ? 'invalid' : 'incomplete', error: complete ? 'cc.num.901' : '' };
  return { ...base, status: 'valid', error: '', values: [{ type: 'encryptedCardNumber', value: digits }] };
}

function giftCardPin(input: string, complete: boolean): FieldState {
  const digits = digitsOf(input).slice(0, GIFT_CARD_RULES.maxPin);
  if (digits.length === 0)
    return {
      display: '',
      values: [],
      status: complete ? 'invalid' : 'empty',
      error: complete ? 'cc.cvc.920' : '',
    };
  if (digits.length < GIFT_CARD_RULES.minPin)
    return {
      display: digits,
      values: [],
      status: complete ? 'invalid' : 'incomplete',
      error: complete ? 'cc.cvc.921' : '',
    };
  return {
    display: digits,
    status: 'valid',
    error: '',
    values: [{ type: 'encryptedSecurityCode', value: digits }],
  };
}
