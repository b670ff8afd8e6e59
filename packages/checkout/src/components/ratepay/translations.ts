import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const ratepayTranslations: MethodTranslations = {
  'en-US': { 'ratepay.intro': 'Pay the Ratepay invoice after you have received your order.' },
};
