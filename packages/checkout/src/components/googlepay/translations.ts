import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const translations: MethodTranslations = {
  'en-US': {
    'googlepay.unavailable': 'Google Pay is not available in this browser. Choose another payment method.',
  },
};
