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
  'da-DK': {
    'mbway.phonePrefix': 'Landekode',
    'mbway.phoneNumber': 'Mobilnummer',
    'mbway.help': 'Du bekræfter betalingen i MB Way-appen på denne telefon.',
    'mbway.confirmPurchase': 'Bekræft køb',
    invalidCountryCode: 'Vælg en landekode',
    invalidPhoneNumber: 'Indtast et portugisisk nummer på 9 cifre',
    'mobileNumber.invalid': 'Indtast et gyldigt mobilnummer',
  },
  'de-DE': {
    'mbway.phonePrefix': 'Ländervorwahl',
    'mbway.phoneNumber': 'Handynummer',
    'mbway.help': 'Sie bestätigen die Zahlung in der MB-Way-App auf diesem Telefon.',
    'mbway.confirmPurchase': 'Kauf bestätigen',
    invalidCountryCode: 'Wählen Sie eine Ländervorwahl',
    invalidPhoneNumber: 'Geben Sie eine portugiesische Nummer mit 9 Ziffern ein',
    'mobileNumber.invalid': 'Geben Sie eine gültige Handynummer ein',
  },
};
