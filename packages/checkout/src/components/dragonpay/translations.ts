import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const dragonpayTranslations: MethodTranslations = {
  'en-US': {
    'dragonpay.description': 'You get a reference to pay at the bank or outlet you choose.',
    'dragonpay.issuer.bank': 'Bank',
    'dragonpay.issuer.outlet': 'Payment outlet',
    'dragonpay.issuer.placeholder': 'Select where you pay',
  },
};
