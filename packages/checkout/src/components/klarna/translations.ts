import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const klarnaTranslations: MethodTranslations = {
  'en-US': {
    'klarna.intro': 'You will continue to Klarna to choose how to pay and confirm the purchase.',
    'klarna.b2b.intro': 'You will continue to Klarna to confirm the purchase for your business.',
    'klarna.continue': 'Continue to Klarna',
  },
  'da-DK': {
    'klarna.intro': 'Du fortsætter til Klarna, hvor du vælger, hvordan du betaler, og bekræfter købet.',
    'klarna.b2b.intro': 'Du fortsætter til Klarna for at bekræfte købet for din virksomhed.',
    'klarna.continue': 'Fortsæt til Klarna',
  },
  'de-DE': {
    'klarna.intro':
      'Sie werden zu Klarna weitergeleitet, wählen dort die Zahlungsart und bestätigen den Kauf.',
    'klarna.b2b.intro': 'Sie werden zu Klarna weitergeleitet, um den Kauf für Ihr Unternehmen zu bestätigen.',
    'klarna.continue': 'Weiter zu Klarna',
  },
};
