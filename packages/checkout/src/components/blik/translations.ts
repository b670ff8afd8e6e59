import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const translations: MethodTranslations = {
  'en-US': {
    'blik.code': 'Blik code',
    'blik.help': 'Open your banking app and get a 6-digit Blik code.',
    'blik.invalid': 'Enter the 6 digits of your Blik code',
    'blik.stored': 'Pay with the Blik you saved; you confirm the payment in your banking app.',
  },
  'da-DK': {
    'blik.code': 'Blik-kode',
    'blik.help': 'Åbn din bankapp, og hent en 6-cifret Blik-kode.',
    'blik.invalid': 'Indtast de 6 cifre i din Blik-kode',
    'blik.stored': 'Betal med din gemte Blik; du bekræfter betalingen i din bankapp.',
  },
  'de-DE': {
    'blik.code': 'Blik-Code',
    'blik.help': 'Öffnen Sie Ihre Banking-App und rufen Sie einen 6-stelligen Blik-Code ab.',
    'blik.invalid': 'Geben Sie die 6 Ziffern Ihres Blik-Codes ein',
    'blik.stored': 'Mit Ihrem gespeicherten Blik bezahlen; Sie bestätigen die Zahlung in Ihrer Banking-App.',
  },
};
