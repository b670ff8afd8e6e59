/**
 * The cards the device-wallet simulator's sheet offers. No card number exists anywhere: a card is
 * an id the gateway seals into the payment token, its network and last four digits for display.
 * Pure data, shared by the gateway and the simulator's browser bundle.
 */
export interface WalletTestCard {
  id: string;
  /** Apple's network name (ApplePayPaymentMethod.network). */
  network: 'Visa' | 'MasterCard' | 'AmEx';
  /** The gateway's brand of the resulting payment. */
  brand: 'visa' | 'mc' | 'amex';
  lastFour: string;
  type: 'debit' | 'credit';
  /** The issuer refuses payments with this card (result Refused). */
  declined: boolean;
}

export const WALLET_TEST_CARDS: readonly WalletTestCard[] = [
  { id: 'visa-authorised', network: 'Visa', brand: 'visa', lastFour: '1111', type: 'debit', declined: false },
  {
    id: 'mastercard-authorised',
    network: 'MasterCard',
    brand: 'mc',
    lastFour: '4444',
    type: 'credit',
    declined: false,
  },
  { id: 'visa-declined', network: 'Visa', brand: 'visa', lastFour: '0002', type: 'credit', declined: true },
];

export const walletCardDisplayName = (card: WalletTestCard) => `${card.network} ${card.lastFour}`;

export const findWalletCard = (id: string) => WALLET_TEST_CARDS.find((card) => card.id === id);
