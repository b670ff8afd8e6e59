import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const translations: MethodTranslations = {
  'en-US': {
    'onlineBankingCZ.termsAndConditions': 'By continuing you accept the %#terms and conditions%# of PayU.',
  },
  'da-DK': {
    'onlineBankingCZ.termsAndConditions': 'Ved at fortsætte accepterer du PayUs %#vilkår og betingelser%#.',
  },
  'de-DE': {
    'onlineBankingCZ.termsAndConditions':
      'Mit dem Fortfahren akzeptieren Sie die %#Geschäftsbedingungen%# von PayU.',
  },
};
