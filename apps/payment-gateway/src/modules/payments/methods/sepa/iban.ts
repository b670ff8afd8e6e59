import { electronicFormatIBAN, getCountrySpecifications, isSEPACountry, validateIBAN } from 'ibantools';

/** Countries of the SEPA scheme (from the IBAN registry data ibantools carries). */
export const SEPA_COUNTRIES: readonly string[] = Object.entries(getCountrySpecifications())
  .filter(([, spec]) => spec.SEPA)
  .map(([code]) => code)
  .sort();

/**
 * Normalised IBAN (no separators, upper case) when it is a SEPA country's IBAN with the right length,
 * national structure and mod-97 checksum; undefined otherwise.
 */
export function validIban(value: string): string | undefined {
  const iban = electronicFormatIBAN(value.replace(/[^A-Za-z0-9]/g, '')) ?? '';
  if (!isSEPACountry(iban.slice(0, 2))) return undefined;
  return validateIBAN(iban).valid ? iban : undefined;
}

/** The IBAN as the mandate shows it: country, check digits and the last four, the rest masked. */
export function maskIban(iban: string): string {
  return `${iban.slice(0, 4)}${'*'.repeat(Math.max(0, iban.length - 8))}${iban.slice(-4)}`;
}
