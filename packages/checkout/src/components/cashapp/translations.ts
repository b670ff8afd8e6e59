import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const translations: MethodTranslations = {
  'en-US': {
    'cashapp.storeDetails': 'Save Cash App Pay for my next payment',
    'cashapp.stored': 'Pay with your saved Cash App account %{cashtag}',
  },
};
