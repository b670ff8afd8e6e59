import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const translations: MethodTranslations = {
  'en-US': {
    'onlineBankingPL.termsAndConditions':
      'By continuing you accept the %#rules%# and the %#information notice%# of Przelewy24.',
  },
};
