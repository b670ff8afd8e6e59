import { countrySpecs, validateIBAN } from 'ibantools';

export type IbanStatus = 'no-validate' | 'invalid' | 'valid';

export interface IbanCheck {
  /** Upper-cased letters and digits only, as sent to the gateway. */
  iban: string;
  /** The first two letters, once typed. */
  countryCode: string | undefined;
  status: IbanStatus;
}

/** Countries of the SEPA scheme (from the IBAN registry data ibantools carries). */
export const SEPA_COUNTRIES: ReadonlySet<string> = new Set(
  Object.entries(countrySpecs)
    .filter(([, spec]) => spec.SEPA && spec.chars)
    .map(([code]) => code),
);

/** Letters and digits only, upper case: what a shopper types with spaces, dashes or dots. */
export const normaliseIban = (value: string) => value.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

/** Groups of four, as printed on statements: `NL13 TEST 0123 4567 89`. */
export const formatIban = (value: string) => normaliseIban(value).replace(/(.{4})(?=.)/g, '$1 ');

/** The IBAN's length in the given country, when the IBAN registry knows the country. */
export const ibanLength = (countryCode: string): number | undefined => countrySpecs[countryCode]?.chars;

/**
 * The IBAN's status while typing: `no-validate` while it is too short to judge (no country yet, or
 * fewer characters than the country's IBANs have), `invalid` for an unknown (or not allowed) country,
 * too many characters, or a failed national structure or mod-97 checksum, else `valid`.
 */
export function checkIban(value: string, allowedCountries?: ReadonlySet<string>): IbanCheck {
  const iban = normaliseIban(value);
  if (iban.length < 2) return { iban, countryCode: undefined, status: 'no-validate' };
  const countryCode = iban.slice(0, 2);
  const length = ibanLength(countryCode);
  if (!/^[A-Z]{2}$/.test(countryCode) || !length || (allowedCountries && !allowedCountries.has(countryCode)))
    return { iban, countryCode, status: 'invalid' };
  if (iban.length < length) return { iban, countryCode, status: 'no-validate' };
  if (iban.length > length) return { iban, countryCode, status: 'invalid' };
  return { iban, countryCode, status: validateIBAN(iban).valid ? 'valid' : 'invalid' };
}

/**
 * Where the caret goes after formatting: after as many letters and digits as were before it in what
 * the shopper typed, so typing or deleting in the middle keeps the caret in place.
 */
export function caretAfterFormat(typed: string, caret: number, formatted: string): number {
  const before = normaliseIban(typed.slice(0, caret)).length;
  if (before === 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (formatted[index] !== ' ') seen += 1;
    if (seen === before) return index + 1;
  }
  return formatted.length;
}
