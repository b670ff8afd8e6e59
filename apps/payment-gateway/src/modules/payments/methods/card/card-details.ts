import { gatewayError } from '../../../../shared/errors.ts';
import { type BrandRule, detectBrands } from '../../../cards/brands.ts';
import { passesLuhn } from '../../../cards/luhn.ts';

export interface ClearCard {
  number: string;
  expiryMonth?: string | undefined;
  expiryYear?: string | undefined;
  securityCode?: string | undefined;
}

export interface CheckedCard {
  rule: BrandRule;
  /** Every brand on the card (co-badged cards have two). */
  brands: BrandRule[];
  lastFour: string;
  expiryMonth: number | undefined;
  expiryYear: number | undefined;
  expired: boolean;
}

/**
 * Server-side card checks: number format, brand, length, Luhn, expiry and security-code length.
 * Malformed input is a 422; an expired card is a refusal (the acquirer's job), reported back here.
 * Messages never contain the values themselves.
 */
export function checkCard(card: ClearCard, selectedBrand: string | undefined, now: Date): CheckedCard {
  const number = card.number.replace(/\s+/g, '');
  if (!/^\d{12,19}$/.test(number)) throw gatewayError.unprocessable('101', 'Invalid card number.');
  const brands = detectBrands(number);
  const rule = brands.find((candidate) => candidate.brand === selectedBrand) ?? brands[0];
  if (!rule) throw gatewayError.unprocessable('102', 'Unable to determine variant.');
  if (!rule.lengths.includes(number.length) || (rule.luhn && !passesLuhn(number))) {
    throw gatewayError.unprocessable('101', 'Invalid card number.');
  }
  let expiryMonth: number | undefined;
  let expiryYear: number | undefined;
  let expired = false;
  if (
    card.expiryMonth !== undefined ||
    card.expiryYear !== undefined ||
    rule.expiryDatePolicy === 'required'
  ) {
    expiryMonth = Number(card.expiryMonth);
    const yearText = card.expiryYear ?? '';
    expiryYear = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
    if (
      !/^\d{1,2}$/.test(card.expiryMonth ?? '') ||
      expiryMonth < 1 ||
      expiryMonth > 12 ||
      !/^(\d{2}|\d{4})$/.test(yearText)
    ) {
      throw gatewayError.unprocessable('129', 'Expiry Date Invalid.');
    }
    const currentMonthIndex = now.getUTCFullYear() * 12 + now.getUTCMonth();
    const expiryMonthIndex = expiryYear * 12 + (expiryMonth - 1);
    if (expiryMonthIndex - currentMonthIndex > 12 * 30)
      throw gatewayError.unprocessable('129', 'Expiry Date Invalid.');
    expired = expiryMonthIndex < currentMonthIndex;
  }
  const securityCode = card.securityCode ?? '';
  if (securityCode.length > 0 && !new RegExp(`^\\d{${rule.cvcLength}}$`).test(securityCode)) {
    throw gatewayError.unprocessable('103', 'CVC is not the right length.');
  }
  if (securityCode.length === 0 && rule.cvcPolicy === 'required') {
    throw gatewayError.unprocessable('103', 'CVC is not the right length.');
  }
  return { rule, brands, lastFour: number.slice(-4), expiryMonth, expiryYear, expired };
}
