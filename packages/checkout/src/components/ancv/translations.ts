import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const translations: MethodTranslations = {
  'en-US': {
    'ancv.beneficiaryId': 'ANCV id or e-mail address',
    'ancv.help': 'You confirm the payment in the Chèque-Vacances app afterwards.',
    'ancv.beneficiaryId.invalid': 'Enter your 11-digit ANCV id or the e-mail address of your account',
  },
};
