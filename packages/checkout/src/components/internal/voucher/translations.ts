import type { MethodTranslations } from '../../../core/i18n/i18n.ts';

/** Strings of the voucher result view, shared by every method that presents a voucher. */
export const voucherTranslations: MethodTranslations = {
  'en-US': {
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
