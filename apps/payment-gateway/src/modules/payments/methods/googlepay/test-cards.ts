/**
 * The cards the browser-wallet simulator offers in its sheet. Each one stands for a card number of
 * the card family's test cards (apps/payment-gateway README, "Test cards"), so a PAN_ONLY card is
 * authenticated exactly like that card; the number stays on the server.
 */
export type WalletAuthMethod = 'PAN_ONLY' | 'CRYPTOGRAM_3DS';
export type WalletCardNetwork = 'AMEX' | 'DISCOVER' | 'JCB' | 'MASTERCARD' | 'VISA';

export interface WalletTestCard {
  id: string;
  /** The network as the wallet reports it (`info.cardNetwork`). */
  network: WalletCardNetwork;
  /** The gateway's brand name on the payment. */
  brand: string;
  authMethod: WalletAuthMethod;
  /** The card family's test card this one stands for (never sent to the page). */
  cardNumber: string;
  /** What the sheet shows, e.g. "Visa •••• 1111". */
  label: string;
  /** The scenario in one phrase (the simulator's sheet and docs). */
  scenario: string;
  /** The acquirer refuses it (DECLINED). */
  declined?: boolean;
}

export const WALLET_TEST_CARDS: readonly WalletTestCard[] = [
  {
    id: 'visa-frictionless',
    network: 'VISA',
    brand: 'visa',
    authMethod: 'PAN_ONLY',
    cardNumber: '4111111111111111',
    label: 'Visa •••• 1111',
    scenario: 'PAN_ONLY, authorised without a challenge',
  },
  {
    id: 'visa-challenge',
    network: 'VISA',
    brand: 'visa',
    authMethod: 'PAN_ONLY',
    cardNumber: '4212345678910006',
    label: 'Visa •••• 0006',
    scenario: 'PAN_ONLY, 3-D Secure 2 challenge',
  },
  {
    id: 'mc-cryptogram',
    network: 'MASTERCARD',
    brand: 'mc',
    authMethod: 'CRYPTOGRAM_3DS',
    cardNumber: '5555555555554444',
    label: 'Mastercard •••• 4444',
    scenario: 'CRYPTOGRAM_3DS (device token), no 3-D Secure',
  },
  {
    id: 'visa-declined',
    network: 'VISA',
    brand: 'visa',
    authMethod: 'PAN_ONLY',
    cardNumber: '4000000000000002',
    label: 'Visa •••• 0002',
    scenario: 'PAN_ONLY, refused by the acquirer (DECLINED)',
    declined: true,
  },
];

export const walletTestCard = (id: string): WalletTestCard | undefined =>
  WALLET_TEST_CARDS.find((card) => card.id === id);

/** What the page may see of a card: never the number. */
export const publicCardInfo = (card: WalletTestCard) => ({
  id: card.id,
  network: card.network,
  authMethod: card.authMethod,
  label: card.label,
  scenario: card.scenario,
  lastFour: card.cardNumber.slice(-4),
});
