/** UK direct-debit field rules: what a field keeps while typing, and when its value is acceptable. */

export const ACCOUNT_NUMBER_MAX = 8;
export const SORT_CODE_LENGTH = 6;
const EMAIL_MIN = 6;
const EMAIL_MAX = 320;

export const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

export interface BacsFields {
  holderName: string;
  bankAccountNumber: string;
  bankLocationId: string;
  shopperEmail: string;
  amountConsent: boolean;
  accountConsent: boolean;
}

export type BacsField = keyof BacsFields;

export const EMPTY_FIELDS: BacsFields = {
  holderName: '',
  bankAccountNumber: '',
  bankLocationId: '',
  shopperEmail: '',
  amountConsent: false,
  accountConsent: false,
};

export const isValidEmail = (value: string) => {
  const email = value.trim();
  return email.length >= EMAIL_MIN && email.length <= EMAIL_MAX && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
};

/** Each field's error key when its value is not acceptable (the spec's keys where it names them). */
const RULES: Record<BacsField, { valid(fields: BacsFields): boolean; error: string }> = {
  holderName: { valid: (f) => f.holderName.trim().length > 0, error: 'bacs.accountHolderName.invalid' },
  bankAccountNumber: {
    valid: (f) => /^\d+$/.test(f.bankAccountNumber) && f.bankAccountNumber.length <= ACCOUNT_NUMBER_MAX,
    error: 'bacs.accountNumber.invalid',
  },
  bankLocationId: {
    valid: (f) => /^\d+$/.test(f.bankLocationId) && f.bankLocationId.length === SORT_CODE_LENGTH,
    error: 'bacs.bankLocationId.invalid',
  },
  shopperEmail: { valid: (f) => isValidEmail(f.shopperEmail), error: 'bacs.shopperEmail.invalid' },
  amountConsent: { valid: (f) => f.amountConsent, error: 'bacs.consent.required' },
  accountConsent: { valid: (f) => f.accountConsent, error: 'bacs.consent.required' },
};

export const FIELD_ORDER = Object.keys(RULES) as BacsField[];

export function fieldError(fields: BacsFields, field: BacsField): string | undefined {
  const rule = RULES[field];
  return rule.valid(fields) ? undefined : rule.error;
}

export function bacsErrors(fields: BacsFields): Partial<Record<BacsField, string>> {
  const errors: Partial<Record<BacsField, string>> = {};
  for (const field of FIELD_ORDER) {
    const error = fieldError(fields, field);
    if (error) errors[field] = error;
  }
  return errors;
}
