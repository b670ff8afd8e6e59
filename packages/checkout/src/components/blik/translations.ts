import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const translations: MethodTranslations = {
  'en-US': {
    'blik.code': 'Blik code',
    'blik.help': 'Open your banking app and get a 6-digit Blik code.',
    'blik.invalid': 'Enter the 6 digits of your Blik code',
    'blik.stored': 'Pay with the Blik you saved; you confirm the payment in your banking app.',
  },
};
