import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const affirmTranslations: MethodTranslations = {
  'en-US': { 'affirm.intro': 'You will confirm your Affirm payment plan on Affirm’s page next.' },
};
