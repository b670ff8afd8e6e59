import { useFieldFrames } from '../secured-fields/use-field-frames.ts';
import type { GiftCardElement } from './gift-card-element.tsx';

export type GiftCardField = 'encryptedCardNumber' | 'encryptedExpiryDate' | 'encryptedSecurityCode';

export const GIFT_CARD_LABEL_KEY: Record<GiftCardField, string> = {
  encryptedCardNumber: 'giftcard.numberField.title',
  encryptedExpiryDate: 'creditCard.expiryDateField.title',
  encryptedSecurityCode: 'giftcard.pinField.title',
};

/** The error a field shows on showValidation when it has no value yet. */
export const GIFT_CARD_REQUIRED_ERROR: Record<GiftCardField, string> = {
  encryptedCardNumber: 'cc.num.900',
  encryptedExpiryDate: 'cc.dat.910',
  encryptedSecurityCode: 'cc.cvc.920',
};

/** The frames' codes, worded for a gift card (a PIN, not a security code). */
const GIFT_CARD_ERROR_TEXT: Record<string, string> = {
  'cc.num.900': 'giftcard.numberField.empty',
  'cc.num.901': 'giftcard.numberField.invalid',
  'cc.cvc.920': 'giftcard.pinField.empty',
  'cc.cvc.921': 'giftcard.pinField.invalid',
};
export const giftCardErrorKey = (code: string) => GIFT_CARD_ERROR_TEXT[code] ?? code;

/**
 * The number, PIN (and meal-voucher expiry) frames on the gateway's origin, in gift-card mode (no
 * brand, no BIN lookup, no Luhn).
 */
export function useGiftCardFrames(element: GiftCardElement, names: GiftCardField[], resetRequest: number) {
  const { i18n } = element.checkout;
  return useFieldFrames(element, {
    names,
    // The frame switches to gift-card rules on this variant (src/secured-fields/fields.ts).
    txVariant: element.frameVariant,
    resetRequest,
    label: (name) => i18n.get(GIFT_CARD_LABEL_KEY[name]),
    errorText: (code) => i18n.get(giftCardErrorKey(code)),
  });
}
