import type { MethodTranslations } from '../../core/i18n/i18n.ts';

/** Pix's own strings. */
export const pixTranslations: MethodTranslations = {
  'en-US': {
    'pix.firstName': 'First name',
    'pix.firstName.invalid': 'Enter your first name',
    'pix.lastName': 'Last name',
    'pix.lastName.invalid': 'Enter your last name',
    'pix.socialSecurityNumber': 'CPF/CNPJ',
    'pix.socialSecurityNumber.invalid': 'Enter a valid CPF or CNPJ number',
    'pix.generateQrCode': 'Generate QR code',
  },
  'da-DK': {
    'pix.firstName': 'Fornavn',
    'pix.firstName.invalid': 'Angiv dit fornavn',
    'pix.lastName': 'Efternavn',
    'pix.lastName.invalid': 'Angiv dit efternavn',
    'pix.socialSecurityNumber': 'CPF/CNPJ',
    'pix.socialSecurityNumber.invalid': 'Angiv et gyldigt CPF- eller CNPJ-nummer',
    'pix.generateQrCode': 'Opret QR-kode',
  },
  'de-DE': {
    'pix.firstName': 'Vorname',
    'pix.firstName.invalid': 'Geben Sie Ihren Vornamen ein',
    'pix.lastName': 'Nachname',
    'pix.lastName.invalid': 'Geben Sie Ihren Nachnamen ein',
    'pix.socialSecurityNumber': 'CPF/CNPJ',
    'pix.socialSecurityNumber.invalid': 'Geben Sie eine gültige CPF- oder CNPJ-Nummer ein',
    'pix.generateQrCode': 'QR-Code erstellen',
  },
};
