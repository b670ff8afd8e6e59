import type { MethodTranslations } from '../../core/i18n/i18n.ts';

/** SEPA Direct Debit's own strings. */
export const sepaTranslations: MethodTranslations = {
  'en-US': {
    'sepaDirectDebit.title': 'SEPA Direct Debit',
    'sepa.ownerName': 'Account holder name',
    'sepa.ownerName.placeholder': 'J. Smith',
    'sepa.ownerName.invalid': 'Enter the account holder name',
    'sepa.ibanNumber': 'IBAN',
    'sepaDirectDebit.ibanField.invalid': 'Enter a valid IBAN',
    'sepa.mandate': 'By paying you authorise the merchant to debit this account once for this amount.',
  },
  'da-DK': {
    'sepaDirectDebit.title': 'SEPA-direkte debitering',
    'sepa.ownerName': 'Kontoindehaverens navn',
    'sepa.ownerName.placeholder': 'J. Hansen',
    'sepa.ownerName.invalid': 'Angiv kontoindehaverens navn',
    'sepa.ibanNumber': 'IBAN',
    'sepaDirectDebit.ibanField.invalid': 'Angiv et gyldigt IBAN',
    'sepa.mandate': 'Ved at betale giver du forhandleren lov til at trække beløbet én gang fra denne konto.',
  },
  'de-DE': {
    'sepaDirectDebit.title': 'SEPA-Lastschrift',
    'sepa.ownerName': 'Name des Kontoinhabers',
    'sepa.ownerName.placeholder': 'M. Mustermann',
    'sepa.ownerName.invalid': 'Geben Sie den Namen des Kontoinhabers ein',
    'sepa.ibanNumber': 'IBAN',
    'sepaDirectDebit.ibanField.invalid': 'Geben Sie eine gültige IBAN ein',
    'sepa.mandate':
      'Mit der Zahlung erlauben Sie dem Händler, diesen Betrag einmalig von diesem Konto einzuziehen.',
  },
};
