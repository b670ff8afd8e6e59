import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const translations: MethodTranslations = {
  'en-US': {
    'onlineBankingCZ.termsAndConditions': 'By continuing you accept the %#terms and conditions%# of PayU.',
  },
};
