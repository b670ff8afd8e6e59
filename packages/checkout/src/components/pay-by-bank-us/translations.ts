import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const translations: MethodTranslations = {
  'en-US': {
    'paybybankAISDD.disclaimer.merchant': 'the merchant',
    'paybybankAISDD.disclaimer.header': 'Pay by Bank lets you pay straight from your bank account.',
    'paybybankAISDD.disclaimer.body':
      'By continuing you authorize %{merchant} to debit your connected bank account for this payment, and for later payments you agree to, through the account-to-account (ACH) network. You can revoke this authorization by contacting %{merchant}.',
  },
};
