import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const multibancoTranslations: MethodTranslations = {
  'en-US': {
    'multibanco.description':
      'You get an entity and a reference to pay at a Multibanco ATM or in your online banking.',
  },
};
