import type { MethodTranslations } from '../../core/i18n/i18n.ts';

/** The wallet button's accessible name and text, by button type (others read as plain). */
export const translations: MethodTranslations = {
  'en-US': {
    'applepay.button.plain': 'Pay with Apple Pay',
    'applepay.button.buy': 'Buy with Apple Pay',
    'applepay.button.checkout': 'Check out with Apple Pay',
    'applepay.button.donate': 'Donate with Apple Pay',
    'applepay.button.book': 'Book with Apple Pay',
    'applepay.button.subscribe': 'Subscribe with Apple Pay',
    'applepay.button.order': 'Order with Apple Pay',
    'applepay.button.continue': 'Continue with Apple Pay',
  },
};
