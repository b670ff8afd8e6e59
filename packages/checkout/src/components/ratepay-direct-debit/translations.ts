import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const ratepayDirectDebitTranslations: MethodTranslations = {
  'en-US': {
    'ratepayDirectDebit.intro': 'Ratepay collects the amount from your bank account after delivery.',
  },
  'da-DK': { 'ratepayDirectDebit.intro': 'Ratepay trækker beløbet fra din bankkonto efter levering.' },
  'de-DE': {
    'ratepayDirectDebit.intro': 'Ratepay zieht den Betrag nach der Lieferung von Ihrem Bankkonto ein.',
  },
};
