/**
 * The sandbox's test cards (docs/domain.md, test cards and test data): how each one authenticates. All expire 03/2030 with
 * security code 737 (Amex 7373, UnionPay 123). Any other Luhn-valid number of a known brand is
 * accepted and authorised without 3-D Secure; a test card with a wrong expiry or security code is
 * refused with a generic DECLINED, as Adyen's test environment does.
 */
export type ThreeDsBehaviour = 'none' | 'frictionless' | 'fingerprint-then-challenge' | 'challenge-only';

export interface TestCard {
  number: string;
  brand: string;
  description: string;
  securityCode: string;
  threeDs: ThreeDsBehaviour;
}

export const TEST_CARD_EXPIRY = { month: 3, year: 2030 } as const;

export const TEST_CARDS: TestCard[] = [
  {
    number: '5201281505129736',
    brand: 'mc',
    description: '3DS2 frictionless',
    securityCode: '737',
    threeDs: 'frictionless',
  },
  {
    number: '5000550000000029',
    brand: 'maestro',
    description: '3DS2 fingerprint then challenge',
    securityCode: '737',
    threeDs: 'fingerprint-then-challenge',
  },
  {
    number: '4212345678910006',
    brand: 'visa',
    description: '3DS2 challenge only',
    securityCode: '737',
    threeDs: 'challenge-only',
  },
  {
    number: '371449635398431',
    brand: 'amex',
    description: '3DS2 enrolled',
    securityCode: '7373',
    threeDs: 'challenge-only',
  },
  {
    number: '5454545454545454',
    brand: 'mc',
    description: '3DS2 enrolled',
    securityCode: '737',
    threeDs: 'challenge-only',
  },
  {
    number: '2222400010000008',
    brand: 'mc',
    description: '3DS2 enrolled (credit)',
    securityCode: '737',
    threeDs: 'challenge-only',
  },
  {
    number: '6011111111111117',
    brand: 'discover',
    description: '3DS2 enrolled',
    securityCode: '737',
    threeDs: 'challenge-only',
  },
  {
    number: '3566111111111113',
    brand: 'jcb',
    description: '3DS2 enrolled',
    securityCode: '737',
    threeDs: 'challenge-only',
  },
  {
    number: '30569309025904',
    brand: 'diners',
    description: '3DS2 enrolled',
    securityCode: '737',
    threeDs: 'challenge-only',
  },
  {
    number: '6250947000000014',
    brand: 'cup',
    description: '3DS2 enrolled',
    securityCode: '123',
    threeDs: 'challenge-only',
  },
  {
    number: '6703444444444449',
    brand: 'bcmc',
    description: 'Bancontact/Maestro, 3DS2 enrolled',
    securityCode: '',
    threeDs: 'challenge-only',
  },
  {
    number: '4360000001000005',
    brand: 'cartebancaire',
    description: 'Cartes Bancaires (co-badged Visa), 3DS2 enrolled',
    securityCode: '737',
    threeDs: 'challenge-only',
  },
  { number: '4111111111111111', brand: 'visa', description: 'no 3DS', securityCode: '737', threeDs: 'none' },
  { number: '5555555555554444', brand: 'mc', description: 'no 3DS', securityCode: '737', threeDs: 'none' },
  { number: '5500000000000004', brand: 'mc', description: 'no 3DS', securityCode: '737', threeDs: 'none' },
  { number: '370000000000002', brand: 'amex', description: 'no 3DS', securityCode: '7373', threeDs: 'none' },
  {
    number: '4035501000000008',
    brand: 'cartebancaire',
    description: 'dual-branded Visa / Cartes Bancaires, no 3DS',
    securityCode: '737',
    threeDs: 'none',
  },
];

const TEST_CARDS_BY_NUMBER = new Map(TEST_CARDS.map((card) => [card.number, card]));

export const findTestCard = (number: string): TestCard | undefined => TEST_CARDS_BY_NUMBER.get(number);

/** The one-time password the ACS simulator accepts (web); anything else fails authentication. */
export const CHALLENGE_PASSWORD = 'password';
