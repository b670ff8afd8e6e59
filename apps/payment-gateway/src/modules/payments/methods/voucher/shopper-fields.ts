import { gatewayError } from '../../../../shared/errors.ts';
import { isValidEmail } from '../open-invoice/shopper-fields.ts';
import type { Issuer } from '../redirect/catalogue.ts';
import type { VoucherMethod } from './catalogue.ts';

const BOLETO_ADDRESS_FIELDS = [
  'street',
  'houseNumberOrName',
  'postalCode',
  'city',
  'stateOrProvince',
  'country',
] as const;

/** What a voucher keeps of the shopper: shown on the voucher and its PDF. */
export interface VoucherShopper {
  firstName?: string;
  lastName?: string;
  /** Digits only. */
  socialSecurityNumber?: string;
  shopperEmail?: string;
  /** Digits only. */
  telephoneNumber?: string;
  issuer?: Issuer;
  billingAddress?: Record<(typeof BOLETO_ADDRESS_FIELDS)[number], string>;
}

const invalid = (field: string, message: string) => gatewayError.unprocessable('000', `${field}: ${message}`);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** Mod-11 check digit of Brazilian tax numbers: weights run from `firstWeight` down to 2, then wrap to 9. */
function mod11Digit(digits: string, firstWeight: number): number {
  let sum = 0;
  let weight = firstWeight;
  for (const digit of digits) {
    sum += Number(digit) * weight;
    weight = weight === 2 ? 9 : weight - 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** A CPF (11 digits) or CNPJ (14 digits), punctuated or not, whose two check digits match. */
export function validTaxNumber(value: string): string | undefined {
  if (!/^[\d.\-/ ]+$/.test(value)) return undefined;
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 11 && digits.length !== 14) return undefined;
  // 000.000.000-00 and its kind pass the arithmetic but are no one's number.
  if (/^(\d)\1+$/.test(digits)) return undefined;
  const body = digits.slice(0, -2);
  const first = digits.length === 11 ? mod11Digit(body, 10) : mod11Digit(body, 5);
  const second = digits.length === 11 ? mod11Digit(body + first, 11) : mod11Digit(body + first, 6);
  return digits.endsWith(`${first}${second}`) ? digits : undefined;
}

/**
 * The shopper's name, as the reference's forms send it: `shopperName {firstName, lastName}`, or
 * (Doku and Econtext forms) `firstName` and `lastName` at the top of the request.
 */
function shopperName(request: Record<string, unknown>) {
  const name = record(request.shopperName);
  return {
    firstName: text(name?.firstName) ?? text(request.firstName),
    lastName: text(name?.lastName) ?? text(request.lastName),
  };
}

function chosenIssuer(method: VoucherMethod, value: unknown): Issuer | undefined {
  if (!method.issuers) return undefined;
  if (value === undefined || value === null || value === '')
    throw invalid('paymentMethod.issuer', `is required for ${method.name}.`);
  const issuer = method.issuers.find((entry) => entry.id === value);
  if (!issuer)
    throw invalid(
      'paymentMethod.issuer',
      `is not an issuer of ${method.name}; use an id from /paymentMethods.`,
    );
  return issuer;
}

function boletoAddress(value: unknown) {
  const address = record(value);
  if (!address) throw invalid('billingAddress', 'is required for Boleto Bancario.');
  const parts: Partial<Record<(typeof BOLETO_ADDRESS_FIELDS)[number], string>> = {};
  for (const part of BOLETO_ADDRESS_FIELDS) {
    const entry = text(address[part]);
    if (!entry) throw invalid(`billingAddress.${part}`, 'is required.');
    parts[part] = entry;
  }
  if (parts.country?.toUpperCase() !== 'BR')
    throw invalid('billingAddress.country', 'must be BR for Boleto Bancario.');
  return parts as NonNullable<VoucherShopper['billingAddress']>;
}

/**
 * Checks a voucher request's shopper details: those the method requires must be there, and an
 * optional e-mail (Boleto's copy by e-mail) must be valid when sent.
 */
export function checkVoucherShopper(method: VoucherMethod, request: Record<string, unknown>): VoucherShopper {
  const needs = (field: VoucherMethod['requires'][number]) => method.requires.includes(field);
  const shopper: VoucherShopper = {};
  if (needs('shopperName')) {
    const { firstName, lastName } = shopperName(request);
    if (!firstName) throw invalid('shopperName.firstName', 'is required.');
    if (!lastName) throw invalid('shopperName.lastName', 'is required.');
    Object.assign(shopper, { firstName, lastName });
  }
  if (needs('socialSecurityNumber')) {
    const value = text(request.socialSecurityNumber);
    if (!value) throw invalid('socialSecurityNumber', 'is required (a CPF or CNPJ).');
    const digits = validTaxNumber(value);
    if (!digits) throw invalid('socialSecurityNumber', 'is not a valid CPF or CNPJ.');
    shopper.socialSecurityNumber = digits;
  }
  if (needs('billingAddress')) shopper.billingAddress = boletoAddress(request.billingAddress);
  const email = text(request.shopperEmail);
  if (email || needs('shopperEmail')) {
    if (!email) throw invalid('shopperEmail', 'is required.');
    if (!isValidEmail(email)) throw invalid('shopperEmail', 'is not a valid e-mail address.');
    shopper.shopperEmail = email;
  }
  if (needs('telephoneNumber')) {
    const phone = text(request.telephoneNumber);
    if (!phone) throw invalid('telephoneNumber', 'is required.');
    if (!/^\d{10,11}$/.test(phone)) throw invalid('telephoneNumber', 'must be 10 or 11 digits.');
    shopper.telephoneNumber = phone;
  }
  const issuer = chosenIssuer(method, record(request.paymentMethod)?.issuer);
  if (issuer) shopper.issuer = issuer;
  return shopper;
}
