import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const ratepayDirectDebitTranslations: MethodTranslations = {
  'en-US': {
    'ratepayDirectDebit.intro': 'Ratepay collects the amount from your bank account after delivery.',
  },
};
