import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const translations: MethodTranslations = {
  'en-US': {
    'amazonpay.confirmPurchase': 'Confirm purchase',
    'amazonpay.changePaymentDetails': 'Change payment details',
    'amazonpay.signout': 'Sign out from Amazon',
    'amazonpay.loading': 'Loading Amazon Pay…',
  },
};
