import { gatewayError } from '../../../../shared/errors.ts';
import type { PaymentRequest } from '../../models.ts';
import { isValidEmail } from '../open-invoice/shopper-fields.ts';
import type { QrAwaitMethod } from './catalogue.ts';

const invalid = (field: string, message: string) => gatewayError.unprocessable('000', `${field}: ${message}`);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** Weighted sum check digit of the Brazilian registries: 0 when the remainder is below 2. */
function checkDigit(digits: string, weights: readonly number[]): number {
  const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

const CPF_WEIGHTS = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** A CPF (11 digits, a person) or CNPJ (14 digits, a company), punctuation allowed, with both check digits right. */
export function isValidCpfOrCnpj(value: string): boolean {
  const digits = value.replace(/[.\-/\s]/g, '');
  if (!/^\d+$/.test(digits) || /^(\d)\1+$/.test(digits)) return false;
  const weights = digits.length === 11 ? CPF_WEIGHTS : digits.length === 14 ? CNPJ_WEIGHTS : undefined;
  if (!weights) return false;
  const first = checkDigit(digits, weights);
  const second = checkDigit(digits, [(weights[0] ?? 0) + 1, ...weights]);
  return digits.endsWith(`${first}${second}`);
}

/** Portuguese mobile numbers start 91, 92, 93 or 96 (landlines 2), nine digits in all. */
const PORTUGUESE_NUMBER = /^(2\d|9[1236])\d{7}$/;

/** MB WAY's `telephoneNumber`: the prefix and number; a Portuguese number must be one, others have at least 4 digits. */
export function isValidMbWayNumber(value: string): boolean {
  const compact = value.replace(/[\s\-.()]/g, '');
  if (compact.startsWith('+351')) return PORTUGUESE_NUMBER.test(compact.slice(4));
  // Another country's prefix (1 to 4 digits) and at least 4 digits of number.
  return /^\+\d{5,18}$/.test(compact);
}

const VIRTUAL_PAYMENT_ADDRESS = /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z]{2,64}$/;

/** What the method keeps of the shopper's input (shown on the simulator page), after checking it. */
export function checkField(
  { field, apps }: Pick<QrAwaitMethod, 'field' | 'apps'>,
  request: PaymentRequest,
): Record<string, string> {
  const method = request.paymentMethod as Record<string, unknown>;
  switch (field) {
    case undefined:
      return {};
    case 'pixShopper': {
      const name = (request as { shopperName?: { firstName?: unknown; lastName?: unknown } }).shopperName;
      if (!text(name?.firstName)) throw invalid('shopperName.firstName', 'is required for Pix.');
      if (!text(name?.lastName)) throw invalid('shopperName.lastName', 'is required for Pix.');
      const number = text((request as { socialSecurityNumber?: unknown }).socialSecurityNumber);
      if (!number || !isValidCpfOrCnpj(number))
        throw invalid('socialSecurityNumber', 'must be a valid CPF (11 digits) or CNPJ (14 digits).');
      return {};
    }
    case 'blikCode': {
      const code = typeof method.blikCode === 'string' ? method.blikCode : '';
      if (!/^\d{6}$/.test(code)) throw invalid('paymentMethod.blikCode', 'must be 6 digits.');
      return { blikCode: code };
    }
    case 'telephoneNumber': {
      const number =
        text(method.telephoneNumber) ?? text((request as { telephoneNumber?: unknown }).telephoneNumber);
      if (!number || !isValidMbWayNumber(number))
        throw invalid(
          'paymentMethod.telephoneNumber',
          'must be a mobile number with its prefix, e.g. +351912345678.',
        );
      return { telephoneNumber: number };
    }
    case 'virtualPaymentAddress': {
      const address = text(method.virtualPaymentAddress);
      if (!address || !VIRTUAL_PAYMENT_ADDRESS.test(address))
        throw invalid('paymentMethod.virtualPaymentAddress', 'must be a UPI ID such as name@bank.');
      return { virtualPaymentAddress: address };
    }
    case 'appId': {
      const app = apps?.find((entry) => entry.id === method.appId);
      if (!app) throw invalid('paymentMethod.appId', 'must be the id of an app listed by /paymentMethods.');
      return { appId: app.id, appName: app.name };
    }
    case 'beneficiaryId': {
      const id = text(method.beneficiaryId);
      if (!id || !(/^\d{11}$/.test(id) || isValidEmail(id)))
        throw invalid('paymentMethod.beneficiaryId', 'must be an 11-digit ANCV id or an e-mail address.');
      return { beneficiaryId: id };
    }
  }
}
