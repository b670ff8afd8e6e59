import type { MethodTranslations } from '../../core/i18n/i18n.ts';

/** The drop-in's order summary (partial payments), loaded with it when an order is open. */
export const orderTranslations: MethodTranslations = {
  'en-US': {
    'order.summary': 'Paid so far',
    'order.remainingAmount': 'Left to pay',
    'order.cancel.button': 'Cancel order',
    'order.cancel.confirmation': 'Cancel the order? Everything paid so far is given back.',
    'order.cancel.confirmButton': 'Yes, cancel the order',
    'order.cancel.keepButton': 'No, keep it',
    'order.cancelled': 'The order was cancelled. The full amount is due again.',
  },
  'da-DK': {
    'order.summary': 'Betalt indtil nu',
    'order.remainingAmount': 'Mangler at betale',
    'order.cancel.button': 'Annuller ordren',
    'order.cancel.confirmation': 'Annuller ordren? Alt, der er betalt indtil nu, bliver tilbageført.',
    'order.cancel.confirmButton': 'Ja, annuller ordren',
    'order.cancel.keepButton': 'Nej, behold den',
    'order.cancelled': 'Ordren er annulleret. Hele beløbet skal betales igen.',
  },
  'de-DE': {
    'order.summary': 'Bisher bezahlt',
    'order.remainingAmount': 'Noch zu zahlen',
    'order.cancel.button': 'Bestellung stornieren',
    'order.cancel.confirmation': 'Bestellung stornieren? Alles bisher Bezahlte wird zurückgebucht.',
    'order.cancel.confirmButton': 'Ja, Bestellung stornieren',
    'order.cancel.keepButton': 'Nein, behalten',
    'order.cancelled': 'Die Bestellung wurde storniert. Der volle Betrag ist wieder fällig.',
  },
};
