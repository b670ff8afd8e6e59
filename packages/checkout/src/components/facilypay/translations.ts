import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const facilyPayTranslations: MethodTranslations = {
  'en-US': {
    'facilypay.intro': 'Pay in %{count} instalments; you confirm the plan on FacilyPay’s page next.',
  },
};
