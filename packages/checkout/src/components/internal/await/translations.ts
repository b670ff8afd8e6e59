import type { MethodTranslations } from '../../../core/i18n/i18n.ts';

/** Strings of the waiting view shared by the QR and await actions. */
export const awaitTranslations: MethodTranslations = {
  'en-US': {
    'await.waiting': 'Waiting for you to confirm the payment',
    'await.instructions': 'Confirm the payment in your %{method} app.',
    'await.instructions.blik': 'Confirm the payment in your banking app.',
    'await.instructions.mbway': 'Open the MB WAY app on your phone and confirm the payment.',
    'await.instructions.upi_collect': 'Approve the payment request in your UPI app.',
    'await.timeLeft': 'Time left',
    'await.timeLeft.announce': 'Time left to pay: %{time}',
    'await.minutes': '%{count} min',
    'await.seconds': '%{count} s',
    'await.openApp': 'Open the %{method} app',
    'await.expired': 'The time to pay has run out',
    'await.expired.hint': 'No payment was made. Go back to start again.',
    'await.amount': 'Amount',
  },
};
