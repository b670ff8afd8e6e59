import type { MethodTranslations } from '../../../core/i18n/i18n.ts';

/** The button of every method that sends the shopper to a bank's or provider's page. */
export const redirectMethodTranslations: MethodTranslations = {
  'en-US': {
    continueTo: 'Continue to %{issuer}',
    'redirect.notice': 'You will be taken to %{name} to complete the payment.',
  },
};
