import { randomBytes, randomInt } from 'node:crypto';
import { composeIBAN, electronicFormatIBAN } from 'ibantools';

/** The sandbox bank's collection accounts, one per currency it takes (fictional bank codes). */
const COLLECTION_BANKS = {
  EUR: { countryCode: 'NL', bankCode: 'ACTU', accountDigits: 10, bic: 'ACTUNL2A' },
  DKK: { countryCode: 'DK', bankCode: '8999', accountDigits: 10, bic: 'ACTUDKKK' },
} as const;

export type TransferCurrency = keyof typeof COLLECTION_BANKS;

export const isTransferCurrency = (currency: string): currency is TransferCurrency =>
  currency in COLLECTION_BANKS;

/** Unambiguous letters and digits for references read off a screen and typed into a bank's form. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A transfer reference like "AT7K2M-9QXD4R": 60 random bits, so two payments never share one. */
export function newTransferReference(): string {
  const bytes = randomBytes(12);
  const chars = [...bytes].map((byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]);
  return `AT${chars.slice(0, 4).join('')}-${chars.slice(4, 10).join('')}`;
}

/**
 * A virtual collection account per payment (banks hand these out so each transfer matches its
 * payment): a real-looking IBAN with a valid checksum, and the bank's BIC.
 */
export function newCollectionAccount(currency: TransferCurrency): { iban: string; bic: string } {
  const bank = COLLECTION_BANKS[currency];
  const account = Array.from({ length: bank.accountDigits }, () => randomInt(10)).join('');
  const iban = composeIBAN({ countryCode: bank.countryCode, bban: `${bank.bankCode}${account}` });
  if (!iban) throw new Error(`cannot compose a ${bank.countryCode} IBAN`);
  return { iban: electronicFormatIBAN(iban) ?? iban, bic: bank.bic };
}
