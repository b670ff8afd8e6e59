import type { MethodTranslations } from '../../core/i18n/i18n.ts';

/** SEPA Direct Debit's own strings. */
export const sepaTranslations: MethodTranslations = {
  'en-US': {
    'sepaDirectDebit.title': 'SEPA Direct Debit',
    'sepa.ownerName': 'Account holder name',
    'sepa.ownerName.placeholder': 'J. Smith',
    'sepa.ownerName.invalid': 'Enter the account holder name',
    'sepa.ibanNumber': 'IBAN',
    'sepaDirectDebit.ibanField.invalid': 'Check the IBAN: it is not a valid account number',
    'sepa.mandate': 'By paying you authorise the merchant to debit this account once for this amount.',
  },
};
