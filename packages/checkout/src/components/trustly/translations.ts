import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const translations: MethodTranslations = {
  'en-US': {
    'trustly.description.heading': 'Pay directly from your bank account',
    'trustly.description.step1': 'Continue to Trustly and choose your bank.',
    'trustly.description.step2': 'Log in with your bank’s usual credentials and approve the payment.',
    'trustly.description.step3': 'You come back here once the payment is done.',
  },
};
