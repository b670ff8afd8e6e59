import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const translations: MethodTranslations = {
  'en-US': {
    'donation.chooseAmount': 'Choose an amount to donate',
    'donation.donate': 'Donate',
    'donation.donateAmount': 'Donate %{value}',
    'donation.roundup': 'Round your total up to %{total}: %{value} goes to %{nonprofit}.',
    'donation.notNow': 'Not now',
    'donation.terms': 'Terms and conditions',
    'donation.about': 'About %{nonprofit}',
    'donation.newWindow': '(opens in a new tab)',
    'donation.thanks': 'Thank you for your donation!',
    'donation.processing': 'Processing your donation',
  },
};
