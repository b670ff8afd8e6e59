import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const dokuTranslations: MethodTranslations = {
  'en-US': { 'doku.description': 'You get a payment code to pay at the store or ATM you chose.' },
};
