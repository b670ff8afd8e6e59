import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const klarnaTranslations: MethodTranslations = {
  'en-US': {
    'klarna.intro': 'You will continue to Klarna to choose how to pay and confirm the purchase.',
    'klarna.b2b.intro': 'You will continue to Klarna to confirm the purchase for your business.',
    'klarna.continue': 'Continue to Klarna',
  },
};
