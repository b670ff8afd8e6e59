import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const econtextTranslations: MethodTranslations = {
  'en-US': {
    'econtext.description': 'You get a payment number to pay at a convenience store.',
    'voucher.econtext.telephoneNumber.invalid': 'Enter a telephone number of 10 or 11 digits',
  },
};
