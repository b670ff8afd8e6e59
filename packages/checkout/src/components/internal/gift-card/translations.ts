import type { MethodTranslations } from '../../../core/i18n/i18n.ts';

/** Gift cards' and meal vouchers' strings, and the balance-check errors of spec §8. */
export const giftCardTranslations: MethodTranslations = {
  'en-US': {
    'giftcard.title': 'Gift card',
    'mealVoucher.title': 'Meal voucher',
    'giftcard.numberField.title': 'Card number',
    'giftcard.numberField.empty': 'Enter the card number',
    'giftcard.numberField.invalid': 'Enter 15 to 32 digits',
    'giftcard.pinField.title': 'PIN',
    'giftcard.pinField.empty': 'Enter the PIN',
    'giftcard.pinField.invalid': 'Enter 3 to 10 digits',
    'giftcard.apply': 'Apply gift card',
    'giftcard.balance': 'Gift card balance: %{value}',
    'giftcard.balanceLabel': 'Balance',
    'giftcard.transactionLimit': 'Maximum per payment',
    'giftcard.remainingBalance': 'Balance left after this payment',
    'giftcard.remainingDue': 'Left to pay with another method',
    'error.giftcard.no-balance': 'This card has no balance left',
    'error.giftcard.card-error': 'We could not find a card with these details',
    'error.giftcard.currency-error': 'This card is in another currency than the payment',
  },
};
