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
};
