import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const affirmTranslations: MethodTranslations = {
  'en-US': { 'affirm.intro': 'You will confirm your Affirm payment plan on Affirm’s page next.' },
  'da-DK': { 'affirm.intro': 'Du bekræfter din Affirm-betalingsplan på Affirms side bagefter.' },
  'de-DE': {
    'affirm.intro': 'Anschließend bestätigen Sie Ihren Affirm-Zahlungsplan auf der Seite von Affirm.',
  },
};
