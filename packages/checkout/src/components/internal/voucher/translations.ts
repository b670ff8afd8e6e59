import type { MethodTranslations } from '../../../core/i18n/i18n.ts';

/** Strings of the voucher result view, shared by every method that presents a voucher. */
export const voucherTranslations: MethodTranslations = {
  'en-US': {
    personalDetails: 'Personal details',
    firstName: 'First name',
    lastName: 'Last name',
    'firstName.invalid': 'Enter your first name',
    'lastName.invalid': 'Enter your last name',
    shopperEmail: 'Email address',
    telephoneNumber: 'Telephone number',
    'voucher.title': 'Pay with %{method}',
    'voucher.introduction.default':
      'Use the reference below to complete your payment before the voucher expires.',
    'voucher.introduction.boleto':
      'Pay the boleto at a bank, a lottery outlet or in your online banking before it expires. The barcode and the typed line below hold the same number.',
    'voucher.introduction.doku':
      'Pay at the store or ATM you chose, with the payment code below, before it expires.',
    'voucher.introduction.oxxo':
      'Show the barcode or the reference at the till of any OXXO store and pay in cash before it expires.',
    'voucher.introduction.multibanco':
      'Pay at a Multibanco ATM or in your online banking with the entity and reference below.',
    'voucher.introduction.dragonpay':
      'Pay at the bank or outlet you chose, with the reference below, before it expires.',
    'voucher.introduction.econtext':
      'Pay at the convenience store with the payment number below before it expires. We sent it to you as well.',
    'voucher.reference.boleto': 'Typed line',
    'voucher.barcode': 'Barcode of %{reference}',
    'voucher.issuerLogo': 'Logo of %{issuer}',
    'voucher.entity': 'Entity',
    'voucher.alternativeReference': 'Alternative reference',
    'voucher.collectionInstitutionNumber': 'Collection institution number',
    'voucher.initialAmount': 'Order amount',
    'voucher.merchantName': 'Shop',
    'voucher.shopperName': 'Name',
    'voucher.shopperEmail': 'E-mail address',
    'voucher.telephoneNumber': 'Telephone number',
    'voucher.amount': 'Amount',
    'voucher.surcharge': 'Includes %{value} surcharge',
    'voucher.reference': 'Payment reference',
    'voucher.copy': 'Copy',
    'voucher.copy.label': 'Copy %{label}',
    'voucher.copied': '%{label} copied',
    'voucher.copyFailed': 'Could not copy; select the text instead',
    'voucher.download': 'Download',
    'voucher.instructions': 'How to pay',
    'voucher.expiresAt': 'Expires on',
    'voucher.newWindow': '(opens in a new window)',
  },
  'da-DK': {
    personalDetails: 'Personlige oplysninger',
    firstName: 'Fornavn',
    lastName: 'Efternavn',
    'firstName.invalid': 'Angiv dit fornavn',
    'lastName.invalid': 'Angiv dit efternavn',
    shopperEmail: 'E-mailadresse',
    telephoneNumber: 'Telefonnummer',
    'voucher.title': 'Betal med %{method}',
    'voucher.introduction.default':
      'Brug referencen nedenfor til at gennemføre betalingen, før kuponen udløber.',
    'voucher.introduction.boleto':
      'Betal boletoen i en bank, hos en lotteriforhandler eller i din netbank, før den udløber. Stregkoden og den indtastede linje indeholder det samme nummer.',
    'voucher.introduction.doku':
      'Betal i den butik eller hæveautomat, du valgte, med betalingskoden nedenfor, før den udløber.',
    'voucher.introduction.oxxo':
      'Vis stregkoden eller referencen ved kassen i en OXXO-butik, og betal kontant, før den udløber.',
    'voucher.introduction.multibanco':
      'Betal i en Multibanco-hæveautomat eller i din netbank med enheden og referencen nedenfor.',
    'voucher.introduction.dragonpay':
      'Betal i den bank eller det udsalgssted, du valgte, med referencen nedenfor, før den udløber.',
    'voucher.introduction.econtext':
      'Betal i nærbutikken med betalingsnummeret nedenfor, før det udløber. Vi har også sendt det til dig.',
    'voucher.reference.boleto': 'Indtastningslinje',
    'voucher.barcode': 'Stregkode for %{reference}',
    'voucher.issuerLogo': 'Logo for %{issuer}',
    'voucher.entity': 'Enhed',
    'voucher.alternativeReference': 'Alternativ reference',
    'voucher.collectionInstitutionNumber': 'Nummer på indbetalingssted',
    'voucher.initialAmount': 'Ordrebeløb',
    'voucher.merchantName': 'Butik',
    'voucher.shopperName': 'Navn',
    'voucher.shopperEmail': 'E-mailadresse',
    'voucher.telephoneNumber': 'Telefonnummer',
    'voucher.amount': 'Beløb',
    'voucher.surcharge': 'Inklusive %{value} i gebyr',
    'voucher.reference': 'Betalingsreference',
    'voucher.copy': 'Kopiér',
    'voucher.copy.label': 'Kopiér %{label}',
    'voucher.copied': '%{label} er kopieret',
    'voucher.copyFailed': 'Kunne ikke kopiere; markér teksten i stedet',
    'voucher.download': 'Hent',
    'voucher.instructions': 'Sådan betaler du',
    'voucher.expiresAt': 'Udløber den',
    'voucher.newWindow': '(åbner i et nyt vindue)',
  },
  'de-DE': {
    personalDetails: 'Persönliche Angaben',
    firstName: 'Vorname',
    lastName: 'Nachname',
    'firstName.invalid': 'Geben Sie Ihren Vornamen ein',
    'lastName.invalid': 'Geben Sie Ihren Nachnamen ein',
    shopperEmail: 'E-Mail-Adresse',
    telephoneNumber: 'Telefonnummer',
    'voucher.title': 'Mit %{method} bezahlen',
    'voucher.introduction.default':
      'Schließen Sie die Zahlung mit der Referenz unten ab, bevor der Beleg abläuft.',
    'voucher.introduction.boleto':
      'Bezahlen Sie den Boleto bei einer Bank, einer Lottoannahmestelle oder im Online-Banking, bevor er abläuft. Strichcode und Zahlenzeile enthalten dieselbe Nummer.',
    'voucher.introduction.doku':
      'Bezahlen Sie im gewählten Geschäft oder am Geldautomaten mit dem Zahlungscode unten, bevor er abläuft.',
    'voucher.introduction.oxxo':
      'Zeigen Sie den Strichcode oder die Referenz an der Kasse eines OXXO-Geschäfts und bezahlen Sie bar, bevor sie abläuft.',
    'voucher.introduction.multibanco':
      'Bezahlen Sie an einem Multibanco-Automaten oder im Online-Banking mit Entität und Referenz unten.',
    'voucher.introduction.dragonpay':
      'Bezahlen Sie bei der gewählten Bank oder Verkaufsstelle mit der Referenz unten, bevor sie abläuft.',
    'voucher.introduction.econtext':
      'Bezahlen Sie im Convenience-Store mit der Zahlungsnummer unten, bevor sie abläuft. Wir haben sie Ihnen auch gesendet.',
    'voucher.reference.boleto': 'Zahlenzeile',
    'voucher.barcode': 'Strichcode von %{reference}',
    'voucher.issuerLogo': 'Logo von %{issuer}',
    'voucher.entity': 'Entität',
    'voucher.alternativeReference': 'Alternative Referenz',
    'voucher.collectionInstitutionNumber': 'Nummer der Zahlstelle',
    'voucher.initialAmount': 'Bestellbetrag',
    'voucher.merchantName': 'Shop',
    'voucher.shopperName': 'Name',
    'voucher.shopperEmail': 'E-Mail-Adresse',
    'voucher.telephoneNumber': 'Telefonnummer',
    'voucher.amount': 'Betrag',
    'voucher.surcharge': 'Inklusive %{value} Aufschlag',
    'voucher.reference': 'Zahlungsreferenz',
    'voucher.copy': 'Kopieren',
    'voucher.copy.label': '%{label} kopieren',
    'voucher.copied': '%{label} kopiert',
    'voucher.copyFailed': 'Kopieren nicht möglich; bitte den Text markieren',
    'voucher.download': 'Herunterladen',
    'voucher.instructions': 'So bezahlen Sie',
    'voucher.expiresAt': 'Gültig bis',
    'voucher.newWindow': '(öffnet in einem neuen Fenster)',
  },
};
