import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const facilyPayTranslations: MethodTranslations = {
  'en-US': {
    'facilypay.intro': 'Pay in %{count} instalments; you confirm the plan on FacilyPay’s page next.',
  },
  'da-DK': { 'facilypay.intro': 'Betal i %{count} rater; du bekræfter planen på FacilyPays side bagefter.' },
  'de-DE': {
    'facilypay.intro': 'Zahlen Sie in %{count} Raten; den Plan bestätigen Sie anschließend bei FacilyPay.',
  },
};
