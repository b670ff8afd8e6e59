import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const ratepayTranslations: MethodTranslations = {
  'en-US': { 'ratepay.intro': 'Pay the Ratepay invoice after you have received your order.' },
  'da-DK': { 'ratepay.intro': 'Betal Ratepay-fakturaen, når du har modtaget din ordre.' },
  'de-DE': {
    'ratepay.intro': 'Bezahlen Sie die Ratepay-Rechnung, nachdem Sie Ihre Bestellung erhalten haben.',
  },
};
