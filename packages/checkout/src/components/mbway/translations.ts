import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const translations: MethodTranslations = {
  'en-US': {
    'mbway.phonePrefix': 'Country code',
    'mbway.phoneNumber': 'Mobile number',
    'mbway.help': 'You confirm the payment in the MB Way app on this phone.',
    'mbway.confirmPurchase': 'Confirm purchase',
    invalidCountryCode: 'Choose a country code',
    invalidPhoneNumber: 'Enter a Portuguese number of 9 digits',
    'mobileNumber.invalid': 'Enter a valid mobile number',
  },
};
