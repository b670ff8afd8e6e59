/** MB Way (Portugal) is paid from a phone: Portugal's prefix unless the shopper picks another. */
export const DEFAULT_PHONE_PREFIX = '+351';
/** E.164 numbers have at most 15 digits, the country code included. */
const MAX_NUMBER_DIGITS = 15;
const MIN_FOREIGN_NUMBER_DIGITS = 4;
/** Nine digits: a fixed line (2 and an area digit) or a mobile network (91, 92, 93), then seven more. */
const PORTUGUESE_NUMBER = /^(2\d|9[123])\d{7}$/;

/** What the number field keeps of what was typed: digits only (a pasted "+351 91…" loses its "+"). */
export const formatPhoneNumber = (typed: string) => typed.replace(/\D/g, '').slice(0, MAX_NUMBER_DIGITS);

export function phonePrefixError(prefix: string): string | undefined {
  return /^\+\d{1,4}$/.test(prefix) ? undefined : 'invalidCountryCode';
}

/**
 * The number's error for the chosen prefix; none for an empty number, which only the submit
 * reports (`numberRequiredError`), so leaving the field empty does not flag it.
 */
export function phoneNumberError(prefix: string, number: string): string | undefined {
  if (number === '') return undefined;
  if (prefix === DEFAULT_PHONE_PREFIX)
    return PORTUGUESE_NUMBER.test(number) ? undefined : 'invalidPhoneNumber';
  return number.length >= MIN_FOREIGN_NUMBER_DIGITS ? undefined : 'mobileNumber.invalid';
}

/** Every error of the form at submit time, by field. */
export function mbwayErrors(
  prefix: string,
  number: string,
): Partial<Record<'phonePrefix' | 'phoneNumber', string>> {
  const prefixError = phonePrefixError(prefix);
  const numberError = number === '' ? 'mobileNumber.invalid' : phoneNumberError(prefix, number);
  return {
    ...(prefixError ? { phonePrefix: prefixError } : {}),
    ...(numberError ? { phoneNumber: numberError } : {}),
  };
}
