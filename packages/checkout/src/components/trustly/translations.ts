import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const translations: MethodTranslations = {
  'en-US': {
    'trustly.description.heading': 'Pay directly from your bank account',
    'trustly.description.step1': 'Continue to Trustly and choose your bank.',
    'trustly.description.step2': 'Log in with your bank’s usual credentials and approve the payment.',
    'trustly.description.step3': 'You come back here once the payment is done.',
  },
  'da-DK': {
    'trustly.description.heading': 'Betal direkte fra din bankkonto',
    'trustly.description.step1': 'Fortsæt til Trustly og vælg din bank.',
    'trustly.description.step2': 'Log ind som du plejer hos din bank, og godkend betalingen.',
    'trustly.description.step3': 'Du kommer tilbage hertil, når betalingen er gennemført.',
  },
  'de-DE': {
    'trustly.description.heading': 'Direkt von Ihrem Bankkonto bezahlen',
    'trustly.description.step1': 'Weiter zu Trustly und Ihre Bank auswählen.',
    'trustly.description.step2':
      'Mit den gewohnten Zugangsdaten Ihrer Bank anmelden und die Zahlung freigeben.',
    'trustly.description.step3': 'Nach der Zahlung kommen Sie hierher zurück.',
  },
};
