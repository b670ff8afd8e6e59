import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const multibancoTranslations: MethodTranslations = {
  'en-US': {
    'multibanco.description':
      'You get an entity and a reference to pay at a Multibanco ATM or in your online banking.',
  },
  'da-DK': {
    'multibanco.description':
      'Du får en enhed og en reference, som du betaler med i en Multibanco-hæveautomat eller i din netbank.',
  },
  'de-DE': {
    'multibanco.description':
      'Sie erhalten Entität und Referenz, mit denen Sie an einem Multibanco-Automaten oder im Online-Banking bezahlen.',
  },
};
