import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const bankTransferTranslations: MethodTranslations = {
  'en-US': {
    'bankTransfer.introduction':
      'You will see the bank details to transfer the amount to after you continue.',
    'bankTransfer.sendCopy': 'Send me a copy of the bank details by e-mail',
    'bankTransfer.shopperEmail': 'E-mail address',
    'bankTransfer.shopperEmail.invalid': 'Enter a valid e-mail address',
    'bankTransfer.continue': 'Continue',
    'bankTransfer.result.title': 'Pay by bank transfer',
    'bankTransfer.result.introduction':
      'Transfer the amount to the account below from your online banking. Use the reference exactly as shown so we can match your payment.',
    'bankTransfer.result.emailSent': 'We also sent these details to %{email}.',
    'bankTransfer.beneficiary': 'Beneficiary',
    'bankTransfer.iban': 'IBAN',
    'bankTransfer.bic': 'BIC',
    'bankTransfer.reference': 'Reference',
  },
  'da-DK': {
    'bankTransfer.introduction': 'Når du fortsætter, får du de bankoplysninger, beløbet skal overføres til.',
    'bankTransfer.sendCopy': 'Send mig en kopi af bankoplysningerne på e-mail',
    'bankTransfer.shopperEmail': 'E-mailadresse',
    'bankTransfer.shopperEmail.invalid': 'Angiv en gyldig e-mailadresse',
    'bankTransfer.continue': 'Fortsæt',
    'bankTransfer.result.title': 'Betal med bankoverførsel',
    'bankTransfer.result.introduction':
      'Overfør beløbet til kontoen nedenfor fra din netbank. Brug referencen præcis som vist, så vi kan finde din betaling.',
    'bankTransfer.result.emailSent': 'Vi har også sendt oplysningerne til %{email}.',
    'bankTransfer.beneficiary': 'Modtager',
    'bankTransfer.iban': 'IBAN',
    'bankTransfer.bic': 'BIC',
    'bankTransfer.reference': 'Reference',
  },
  'de-DE': {
    'bankTransfer.introduction':
      'Nach dem Fortfahren sehen Sie die Bankdaten, an die Sie den Betrag überweisen.',
    'bankTransfer.sendCopy': 'Bankdaten zusätzlich per E-Mail senden',
    'bankTransfer.shopperEmail': 'E-Mail-Adresse',
    'bankTransfer.shopperEmail.invalid': 'Geben Sie eine gültige E-Mail-Adresse ein',
    'bankTransfer.continue': 'Weiter',
    'bankTransfer.result.title': 'Per Banküberweisung bezahlen',
    'bankTransfer.result.introduction':
      'Überweisen Sie den Betrag über Ihr Online-Banking auf das Konto unten. Geben Sie den Verwendungszweck genau so an, damit wir Ihre Zahlung zuordnen können.',
    'bankTransfer.result.emailSent': 'Wir haben die Daten auch an %{email} gesendet.',
    'bankTransfer.beneficiary': 'Empfänger',
    'bankTransfer.iban': 'IBAN',
    'bankTransfer.bic': 'BIC',
    'bankTransfer.reference': 'Verwendungszweck',
  },
};
