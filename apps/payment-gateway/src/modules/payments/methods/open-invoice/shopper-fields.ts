import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { gatewayError } from '../../../../shared/errors.ts';
import type { ShopperField } from './catalogue.ts';

/** Invoice providers only lend to adults. */
export const MINIMUM_AGE = 18;
const EMAIL_MIN = 6;
const EMAIL_MAX = 320;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** Optional plus, optional 1–3 digit country code, then digits with spaces, dashes, dots or slashes. */
const PHONE_PATTERN = /^\+?(\d{1,3}[ .\-/]?)?\d[\d .\-/]{4,18}\d$/;
const GENDERS = new Set(['MALE', 'FEMALE', 'UNKNOWN']);
const ADDRESS_FIELDS = ['street', 'houseNumberOrName', 'postalCode', 'city', 'country'] as const;

export interface ShopperFacts {
  firstName?: string;
  lastName?: string;
  gender?: string;
  birthYear?: number;
  shopperEmail?: string;
  telephoneNumber?: string;
  billingCountry?: string;
  deliveryCountry?: string;
  companyName?: string;
  registrationNumber?: string;
  ibanLastFour?: string;
  bankAccountOwner?: string;
}

const invalid = (field: string, message: string) => gatewayError.unprocessable('000', `${field}: ${message}`);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

const object = (value: unknown, field: string): Record<string, unknown> | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(field, 'must be an object.');
  return value as Record<string, unknown>;
};

/** Whole years between a `YYYY-MM-DD` birth date and today; undefined for no real calendar date. */
export function ageOn(dateOfBirth: string, today: Date): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return undefined;
  const [nowYear, nowMonth, nowDay] = [today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()];
  // Someone born on 29 February comes of age on 1 March in a common year.
  const hadBirthday = nowMonth > month || (nowMonth === month && nowDay >= day);
  return nowYear - year - (hadBirthday ? 0 : 1);
}

export const isValidEmail = (value: string) =>
  value.length >= EMAIL_MIN && value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);

export const isValidPhone = (value: string) => PHONE_PATTERN.test(value.trim());

function checkAddress(value: unknown, field: string, required: boolean): string | undefined {
  const address = object(value, field);
  if (!address) {
    if (required) throw invalid(field, 'is required for this payment method.');
    return undefined;
  }
  for (const part of ADDRESS_FIELDS) {
    if (!text(address[part])) throw invalid(`${field}.${part}`, 'is required.');
  }
  const country = String(address.country).trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) throw invalid(`${field}.country`, 'must be an ISO 3166 country code.');
  return country;
}

/**
 * Checks the shopper fields of an open-invoice payment: the required ones must be present, every
 * one sent must be well-formed. Returns what the provider keeps (the birth year, not the date).
 */
export function checkShopperFields(
  request: Record<string, unknown>,
  requires: readonly ShopperField[],
  today: Date,
): ShopperFacts {
  const needs = (field: ShopperField) => requires.includes(field);
  const facts: ShopperFacts = {};

  const name = object(request.shopperName, 'shopperName');
  if (name || needs('shopperName')) {
    facts.firstName = text(name?.firstName);
    facts.lastName = text(name?.lastName);
    if (!facts.firstName) throw invalid('shopperName.firstName', 'is required.');
    if (!facts.lastName) throw invalid('shopperName.lastName', 'is required.');
    if (name?.gender !== undefined) {
      if (typeof name.gender !== 'string' || !GENDERS.has(name.gender))
        throw invalid('shopperName.gender', 'must be MALE, FEMALE or UNKNOWN.');
      facts.gender = name.gender;
    }
  }

  if (request.dateOfBirth !== undefined || needs('dateOfBirth')) {
    const value = typeof request.dateOfBirth === 'string' ? request.dateOfBirth.trim() : '';
    if (!value) throw invalid('dateOfBirth', 'is required.');
    const age = ageOn(value, today);
    if (age === undefined || age > 150 || age < 0)
      throw invalid('dateOfBirth', 'must be a date in the format YYYY-MM-DD.');
    if (age < MINIMUM_AGE) throw invalid('dateOfBirth', `the shopper must be at least ${MINIMUM_AGE}.`);
    facts.birthYear = Number(value.slice(0, 4));
  }

  if (request.shopperEmail !== undefined || needs('shopperEmail')) {
    const email = typeof request.shopperEmail === 'string' ? request.shopperEmail.trim() : '';
    if (!email) throw invalid('shopperEmail', 'is required.');
    if (!isValidEmail(email)) throw invalid('shopperEmail', 'is not a valid e-mail address.');
    facts.shopperEmail = email;
  }

  if (request.telephoneNumber !== undefined || needs('telephoneNumber')) {
    const phone = typeof request.telephoneNumber === 'string' ? request.telephoneNumber.trim() : '';
    if (!phone) throw invalid('telephoneNumber', 'is required.');
    if (!isValidPhone(phone)) throw invalid('telephoneNumber', 'is not a valid telephone number.');
    facts.telephoneNumber = phone;
  }

  facts.billingCountry = checkAddress(request.billingAddress, 'billingAddress', needs('billingAddress'));
  // Without a delivery address the goods go to the billing address.
  facts.deliveryCountry =
    checkAddress(request.deliveryAddress, 'deliveryAddress', false) ?? facts.billingCountry;

  const company = object(request.company, 'company');
  if (company || needs('company')) {
    facts.companyName = text(company?.name);
    if (!facts.companyName) throw invalid('company.name', 'is required for a business purchase.');
    if (company?.registrationNumber !== undefined) {
      facts.registrationNumber = text(company.registrationNumber);
      if (!facts.registrationNumber) throw invalid('company.registrationNumber', 'must not be blank.');
    }
  }

  const bankAccount = object(request.bankAccount, 'bankAccount');
  if (bankAccount || needs('bankAccount')) {
    const iban = typeof bankAccount?.iban === 'string' ? electronicFormatIBAN(bankAccount.iban) : undefined;
    if (!iban || !isValidIBAN(iban)) throw gatewayError.unprocessable('161', 'Invalid iban.');
    facts.ibanLastFour = iban.slice(-4);
    facts.bankAccountOwner = text(bankAccount?.ownerName);
    if (!facts.bankAccountOwner) throw invalid('bankAccount.ownerName', 'is required.');
  }
  return facts;
}
