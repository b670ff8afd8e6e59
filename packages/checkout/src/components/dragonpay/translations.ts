import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const dragonpayTranslations: MethodTranslations = {
  'en-US': {
    'dragonpay.description': 'You get a reference to pay at the bank or outlet you choose.',
    'dragonpay.issuer.bank': 'Bank',
    'dragonpay.issuer.outlet': 'Payment outlet',
    'dragonpay.issuer.placeholder': 'Select where you pay',
  },
  'da-DK': {
    'dragonpay.description':
      'Du får en reference, som du betaler med i den bank eller det udsalgssted, du vælger.',
    'dragonpay.issuer.bank': 'Bank',
    'dragonpay.issuer.outlet': 'Betalingssted',
    'dragonpay.issuer.placeholder': 'Vælg, hvor du betaler',
  },
  'de-DE': {
    'dragonpay.description': 'Sie erhalten eine Referenz für die gewählte Bank oder Verkaufsstelle.',
    'dragonpay.issuer.bank': 'Bank',
    'dragonpay.issuer.outlet': 'Zahlstelle',
    'dragonpay.issuer.placeholder': 'Wählen Sie, wo Sie bezahlen',
  },
};
