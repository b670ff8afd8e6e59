/** Econtext's phone number: Japanese numbers without the country code, 10 or 11 digits. */
export const ECONTEXT_PHONE_MAX_LENGTH = 11;

/** While typing: at most 11 characters. */
export const limitEcontextPhone = (typed: string) => typed.slice(0, ECONTEXT_PHONE_MAX_LENGTH);

/** On blur and submit: required, then digits only and 10 or 11 of them. */
export function econtextPhoneError(value: string): string | undefined {
  if (value.trim() === '') return 'field.error.required';
  return /^\d{10,11}$/.test(value) ? undefined : 'voucher.econtext.telephoneNumber.invalid';
}
