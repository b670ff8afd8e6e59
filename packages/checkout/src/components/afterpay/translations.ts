import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const afterpayTranslations: MethodTranslations = {
  'en-US': { 'afterpay.intro': 'Pay the AfterPay invoice within the agreed term after delivery.' },
  'da-DK': { 'afterpay.intro': 'Betal AfterPay-fakturaen inden for den aftalte frist efter levering.' },
  'de-DE': {
    'afterpay.intro': 'Bezahlen Sie die AfterPay-Rechnung innerhalb der vereinbarten Frist nach Lieferung.',
  },
};
