import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const afterpayTranslations: MethodTranslations = {
  'en-US': { 'afterpay.intro': 'Pay the AfterPay invoice within the agreed term after delivery.' },
};
