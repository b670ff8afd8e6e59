import { createHash } from 'node:crypto';

/** The regions a merchant's Amazon Pay account belongs to, and the ledger currency of each (spec §9). */
export const AMAZON_REGIONS = { EU: 'EUR', UK: 'GBP', US: 'USD' } as const;
export type AmazonRegion = keyof typeof AMAZON_REGIONS;

/** The region whose ledger currency is the payment's: GBP is UK, USD is US, anything else EU. */
export function regionForCurrency(currency: string | undefined): AmazonRegion {
  if (currency === 'GBP') return 'UK';
  if (currency === 'USD') return 'US';
  return 'EU';
}

/** The Amazon Pay account a merchant account has in the sandbox, as `/paymentMethods` shows it. */
export interface AmazonPayAccount {
  merchantId: string;
  publicKeyId: string;
  storeId: string;
}

/**
 * Derived from the merchant account (stable across restarts and instances, nothing to store): the
 * utility calls check that the publicKeyId the widget sends is its merchant's own.
 */
export function amazonPayAccount(merchantAccount: string): AmazonPayAccount {
  const digest = createHash('sha256').update(`amazonpay:${merchantAccount}`).digest('hex').toUpperCase();
  return {
    merchantId: `A${digest.slice(0, 13)}`,
    publicKeyId: `SANDBOX-${digest.slice(13, 37)}`,
    storeId: `amzn1.application-oa2-client.${digest.slice(37, 61).toLowerCase()}`,
  };
}

/** A payment instrument in the sandbox buyer's wallet; `declines` is refused at authorisation. */
export interface TestInstrument {
  id: string;
  paymentDescriptor: string;
  declines: boolean;
}

export const TEST_INSTRUMENTS: readonly TestInstrument[] = [
  { id: 'visa-1111', paymentDescriptor: 'Visa ••••1111', declines: false },
  { id: 'mc-4444', paymentDescriptor: 'Mastercard ••••4444', declines: false },
  { id: 'visa-0002', paymentDescriptor: 'Visa ••••0002 (declines)', declines: true },
];

export interface TestAddress {
  id: string;
  name: string;
  addressLine1: string;
  addressLine2?: string;
  city: string;
  postalCode: string;
  stateOrRegion?: string;
  countryCode: string;
  phoneNumber: string;
}

export const TEST_ADDRESSES: readonly TestAddress[] = [
  {
    id: 'berlin',
    name: 'Sandbox Buyer',
    addressLine1: 'Friedrichstraße 43',
    city: 'Berlin',
    postalCode: '10117',
    countryCode: 'DE',
    phoneNumber: '+49 30 1234567',
  },
  {
    id: 'london',
    name: 'Sandbox Buyer',
    addressLine1: '10 Downing Street',
    city: 'London',
    postalCode: 'SW1A 2AA',
    countryCode: 'GB',
    phoneNumber: '+44 20 7946 0000',
  },
  {
    id: 'seattle',
    name: 'Sandbox Buyer',
    addressLine1: '410 Terry Ave N',
    city: 'Seattle',
    postalCode: '98109',
    stateOrRegion: 'WA',
    countryCode: 'US',
    phoneNumber: '+1 206 555 0100',
  },
];

export const TEST_BUYER = { name: 'Sandbox Buyer', email: 'buyer@sandbox.example' } as const;

export const testInstrument = (id: unknown) => TEST_INSTRUMENTS.find((instrument) => instrument.id === id);
export const testAddress = (id: unknown) => TEST_ADDRESSES.find((address) => address.id === id);
