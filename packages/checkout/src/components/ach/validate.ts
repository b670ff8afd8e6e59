/** ACH fields framed by the gateway, in form order. */
export const ACH_SECURED_FIELDS = ['encryptedBankAccountNumber', 'encryptedBankLocationId'] as const;
export type AchSecuredField = (typeof ACH_SECURED_FIELDS)[number];

/** The "empty" error of each framed field, shown when the shopper submits without typing. */
export const ACH_REQUIRED_ERROR: Record<AchSecuredField, string> = {
  encryptedBankAccountNumber: 'ach.num.945',
  encryptedBankLocationId: 'ach.loc.947',
};

export const ACH_LABEL_KEY: Record<AchSecuredField, string> = {
  encryptedBankAccountNumber: 'ach.accountNumberField.title',
  encryptedBankLocationId: 'ach.accountLocationField.title',
};

/** Where ACH debits: the billing address may only be in these countries. */
export const ACH_BILLING_COUNTRIES = ['US', 'PR'];

export type BankAccountType = 'checking' | 'savings';

/** The holder name must not be blank when the merchant requires it. */
export function validateHolderName(value: string, required: boolean): string | undefined {
  return required && !value.trim() ? 'ach.accountHolderNameField.invalid' : undefined;
}
