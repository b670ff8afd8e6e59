import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const translations: MethodTranslations = {
  'en-US': {
    'paypal.processingPayment': 'Processing payment…',
    'paypal.unavailable': 'PayPal cannot be loaded right now. Choose another payment method.',
  },
};
