import { electronicFormatIBAN, isValidIBAN } from 'ibantools';

/** Open-invoice field rules (shopper contact, identity, company and bank account). */

export const MINIMUM_AGE = 18;
export const EMAIL_MIN_LENGTH = 6;
export const EMAIL_MAX_LENGTH = 320;
export const DATE_INPUT_MAX_LENGTH = 10;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** Optional plus, optional 1–3 digit country code, then digits with spaces, dashes, dots or slashes. */
const PHONE_PATTERN = /^\+?(\d{1,3}[ .\-/]?)?\d[\d .\-/]{4,18}\d$/;

export type Gender = 'MALE' | 'FEMALE';

export interface PersonalDetails {
  firstName?: string;
  lastName?: string;
  gender?: Gender | '';
  /** YYYY-MM-DD, as sent. */
  dateOfBirth?: string;
  shopperEmail?: string;
  telephoneNumber?: string;
}
export type PersonalField = keyof PersonalDetails;

export interface CompanyDetails {
  name?: string;
  registrationNumber?: string;
}

export interface BankAccount {
  iban?: string;
  ownerName?: string;
  countryCode?: string;
}

/** Whole years between a YYYY-MM-DD birth date and `today` (local calendar); undefined if no such date. */
export function ageOn(dateOfBirth: string, today: Date): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day)
    return undefined;
  const [nowYear, nowMonth, nowDay] = [today.getFullYear(), today.getMonth() + 1, today.getDate()];
  // Born on 29 February: of age on 1 March of a common year.
  const hadBirthday = nowMonth > month || (nowMonth === month && nowDay >= day);
  return nowYear - year - (hadBirthday ? 0 : 1);
}

export function isAdult(dateOfBirth: string, today: Date = new Date()): boolean {
  const age = ageOn(dateOfBirth, today);
  return age !== undefined && age >= MINIMUM_AGE && age <= 150;
}

export const isValidEmail = (value: string) => {
  const email = value.trim();
  return email.length >= EMAIL_MIN_LENGTH && email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
};

export const isValidPhone = (value: string) => PHONE_PATTERN.test(value.trim());

export const isBlank = (value: string | undefined) => !value || value.trim() === '';

/**
 * Typing a birth date as day/month/year: separators are added, a day above 3 or a month above 1
 * gets its leading zero ("4" → "04/"), and at most 10 characters remain. `previous` tells a
 * deletion (no separator is added back then) from typing.
 */
export function formatDateInput(typed: string, previous = ''): string {
  // Deleting: keep what is left, so a separator can be removed.
  if (typed.length < previous.length) return typed.replace(/[^\d/]/g, '').slice(0, DATE_INPUT_MAX_LENGTH);
  const parts: [string, string, string] = ['', '', ''];
  let index = 0;
  for (const char of typed) {
    const isDigit = char >= '0' && char <= '9';
    if (index === 2) {
      if (isDigit && parts[2].length < 4) parts[2] += char;
      continue;
    }
    if (!isDigit) {
      // A separator ends a one-digit day or month early: "1/" means "01/".
      if (parts[index]!.length === 1) parts[index] = `0${parts[index]}`;
      if (parts[index]!.length === 2) index += 1;
      continue;
    }
    const highest = index === 0 ? 3 : 1;
    parts[index] = parts[index] === '' && Number(char) > highest ? `0${char}` : parts[index] + char;
    if (parts[index]!.length === 2) index += 1;
  }
  const shown = [parts[0]];
  if (index >= 1) shown.push(parts[1]);
  if (index >= 2) shown.push(parts[2]);
  return shown.join('/').slice(0, DATE_INPUT_MAX_LENGTH);
}

/** "24/12/1975" → "1975-12-24"; empty when the text is not a complete date. */
export function dateInputToIso(text: string): string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : '';
}

/** "1975-12-24" → "24/12/1975" (prefilled data shown in the text input). */
export function isoToDateInput(iso: string | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** The error key of a personal-details field, or undefined when it is valid. */
export function personalFieldError(
  field: PersonalField,
  details: PersonalDetails,
  today: Date = new Date(),
): string | undefined {
  const value = details[field] ?? '';
  switch (field) {
    case 'firstName':
      return isBlank(value) ? 'firstName.invalid' : undefined;
    case 'lastName':
      return isBlank(value) ? 'lastName.invalid' : undefined;
    case 'gender':
      return value === 'MALE' || value === 'FEMALE' ? undefined : 'gender.notselected';
    case 'dateOfBirth':
      return isAdult(value, today) ? undefined : 'dateOfBirth.invalid';
    case 'shopperEmail':
      if (isBlank(value)) return 'field.error.required';
      return isValidEmail(value) ? undefined : 'field.error.invalid';
    case 'telephoneNumber':
      if (isBlank(value)) return 'field.error.required';
      return isValidPhone(value) ? undefined : 'field.error.invalid';
  }
}

export function personalDetailsErrors(
  fields: readonly PersonalField[],
  details: PersonalDetails,
  today: Date = new Date(),
): Partial<Record<PersonalField, string>> {
  const errors: Partial<Record<PersonalField, string>> = {};
  for (const field of fields) {
    const error = personalFieldError(field, details, today);
    if (error) errors[field] = error;
  }
  return errors;
}

export function companyErrors(company: CompanyDetails): Partial<Record<keyof CompanyDetails, string>> {
  return {
    ...(isBlank(company.name) ? { name: 'companyDetails.name.invalid' } : {}),
    ...(isBlank(company.registrationNumber)
      ? { registrationNumber: 'companyDetails.registrationNumber.invalid' }
      : {}),
  };
}

/** The IBAN in electronic form when valid (length, structure and checksum), else undefined. */
export function validIban(value: string | undefined): string | undefined {
  const iban = electronicFormatIBAN(value ?? '');
  return iban && isValidIBAN(iban) ? iban : undefined;
}

/** "DE89370400440532013000" → "DE89 3704 0044 0532 0130 00" as the shopper types. */
export const groupIban = (value: string) =>
  value
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, 34)
    .replace(/(.{4})(?=.)/g, '$1 ');

export function bankAccountErrors(account: BankAccount): Partial<Record<'iban' | 'ownerName', string>> {
  return {
    ...(validIban(account.iban)
      ? {}
      : { iban: isBlank(account.iban) ? 'field.error.required' : 'sepaDirectDebit.ibanField.invalid' }),
    ...(isBlank(account.ownerName) ? { ownerName: 'field.error.required' } : {}),
  };
}
