import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const oxxoTranslations: MethodTranslations = {
  'en-US': { 'oxxo.description': 'You get a voucher to pay in cash at any OXXO store.' },
};
