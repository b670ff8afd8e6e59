import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const dokuTranslations: MethodTranslations = {
  'en-US': { 'doku.description': 'You get a payment code to pay at the store or ATM you chose.' },
  'da-DK': {
    'doku.description':
      'Du får en betalingskode, som du betaler med i den butik eller hæveautomat, du valgte.',
  },
  'de-DE': {
    'doku.description': 'Sie erhalten einen Zahlungscode für das gewählte Geschäft oder den Geldautomaten.',
  },
};
