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
};
