import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const rivertyTranslations: MethodTranslations = {
  'en-US': {
    'riverty.intro': 'Receive the goods first and pay the Riverty invoice later.',
    'riverty.b2b.intro': 'Your company receives the goods first and pays the Riverty invoice later.',
  },
};
