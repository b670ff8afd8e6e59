import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const oxxoTranslations: MethodTranslations = {
  'en-US': { 'oxxo.description': 'You get a voucher to pay in cash at any OXXO store.' },
  'da-DK': { 'oxxo.description': 'Du får en kupon, som du betaler kontant i en OXXO-butik.' },
  'de-DE': { 'oxxo.description': 'Sie erhalten einen Beleg, den Sie in jedem OXXO-Geschäft bar bezahlen.' },
};
