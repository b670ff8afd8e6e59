import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const econtextTranslations: MethodTranslations = {
  'en-US': {
    'econtext.description': 'You get a payment number to pay at a convenience store.',
    'voucher.econtext.telephoneNumber.invalid': 'Enter a telephone number of 10 or 11 digits',
  },
  'da-DK': {
    'econtext.description': 'Du får et betalingsnummer, som du betaler med i en nærbutik.',
    'voucher.econtext.telephoneNumber.invalid': 'Angiv et telefonnummer på 10 eller 11 cifre',
  },
  'de-DE': {
    'econtext.description':
      'Sie erhalten eine Zahlungsnummer, mit der Sie in einem Convenience-Store bezahlen.',
    'voucher.econtext.telephoneNumber.invalid': 'Geben Sie eine Telefonnummer mit 10 oder 11 Ziffern ein',
  },
};
