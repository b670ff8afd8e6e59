import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const translations: MethodTranslations = {
  'en-US': {
    'onlineBankingPL.termsAndConditions':
      'By continuing you accept the %#rules%# and the %#information notice%# of Przelewy24.',
  },
  'da-DK': {
    'onlineBankingPL.termsAndConditions':
      'Ved at fortsætte accepterer du Przelewy24s %#regler%# og %#oplysninger om databehandling%#.',
  },
  'de-DE': {
    'onlineBankingPL.termsAndConditions':
      'Mit dem Fortfahren akzeptieren Sie die %#Regeln%# und die %#Datenschutzinformationen%# von Przelewy24.',
  },
};
