import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const translations: MethodTranslations = {
  'en-US': {
    'paybybankAISDD.disclaimer.merchant': 'the merchant',
    'paybybankAISDD.disclaimer.header': 'Pay by Bank lets you pay straight from your bank account.',
    'paybybankAISDD.disclaimer.body':
      'By continuing you authorize %{merchant} to debit your connected bank account for this payment, and for later payments you agree to, through the account-to-account (ACH) network. You can revoke this authorization by contacting %{merchant}.',
  },
  'da-DK': {
    'paybybankAISDD.disclaimer.merchant': 'forhandleren',
    'paybybankAISDD.disclaimer.header': 'Med Pay by Bank betaler du direkte fra din bankkonto.',
    'paybybankAISDD.disclaimer.body':
      'Ved at fortsætte giver du %{merchant} tilladelse til at trække denne betaling, og senere betalinger du accepterer, fra din tilknyttede bankkonto via konto-til-konto-nettet (ACH). Du kan tilbagekalde tilladelsen ved at kontakte %{merchant}.',
  },
  'de-DE': {
    'paybybankAISDD.disclaimer.merchant': 'den Händler',
    'paybybankAISDD.disclaimer.header': 'Mit Pay by Bank bezahlen Sie direkt von Ihrem Bankkonto.',
    'paybybankAISDD.disclaimer.body':
      'Mit dem Fortfahren ermächtigen Sie %{merchant}, diese Zahlung und spätere, von Ihnen bestätigte Zahlungen per Konto-zu-Konto-Lastschrift (ACH) von Ihrem verbundenen Bankkonto einzuziehen. Sie können die Ermächtigung bei %{merchant} widerrufen.',
  },
};
