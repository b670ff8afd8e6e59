import type { MethodTranslations } from '../../core/i18n/i18n.ts';

/** ACH Direct Debit's own strings (the frame error texts ach.num/ach.loc are the checkout's). */
export const achTranslations: MethodTranslations = {
  'en-US': {
    'ach.title': 'ACH Direct Debit',
    'ach.bankAccountType': 'Account type',
    'ach.checking': 'Checking',
    'ach.savings': 'Savings',
    'ach.accountHolderNameField.title': 'Account holder name',
    'ach.accountHolderNameField.placeholder': 'J. Smith',
    'ach.accountHolderNameField.invalid': 'Enter the account holder name',
    'ach.accountNumberField.title': 'Account number',
    'ach.accountLocationField.title': 'ABA routing number',
    'ach.storeDetails': 'Save this account for next time',
    'ach.continueTo': 'Continue to %{name}',
    'ach.preauthorizeWith': 'Preauthorize with %{name}',
  },
};
