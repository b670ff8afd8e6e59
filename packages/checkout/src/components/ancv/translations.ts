import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const translations: MethodTranslations = {
  'en-US': {
    'ancv.beneficiaryId': 'ANCV id or e-mail address',
    'ancv.help': 'You confirm the payment in the Chèque-Vacances app afterwards.',
    'ancv.beneficiaryId.invalid': 'Enter your 11-digit ANCV id or the e-mail address of your account',
  },
  'da-DK': {
    'ancv.beneficiaryId': 'ANCV-id eller e-mailadresse',
    'ancv.help': 'Bagefter bekræfter du betalingen i Chèque-Vacances-appen.',
    'ancv.beneficiaryId.invalid': 'Indtast dit 11-cifrede ANCV-id eller e-mailadressen på din konto',
  },
  'de-DE': {
    'ancv.beneficiaryId': 'ANCV-ID oder E-Mail-Adresse',
    'ancv.help': 'Anschließend bestätigen Sie die Zahlung in der Chèque-Vacances-App.',
    'ancv.beneficiaryId.invalid':
      'Geben Sie Ihre 11-stellige ANCV-ID oder die E-Mail-Adresse Ihres Kontos ein',
  },
};
