import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const atomeTranslations: MethodTranslations = {
  'en-US': {
    'atome.intro': 'Split the amount into three interest-free payments; you confirm them on Atome’s page.',
  },
};
