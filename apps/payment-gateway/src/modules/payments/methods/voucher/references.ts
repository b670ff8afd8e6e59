import { randomInt } from 'node:crypto';

/** `length` random decimal digits. */
export const randomDigits = (length: number) => Array.from({ length }, () => randomInt(10)).join('');

/** Modulo 10 check digit of the Boleto's line fields: weights 2, 1, 2 … from the right, products' digits summed. */
export function boletoMod10(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((digit, index) => {
    const product = Number(digit) * (index % 2 === 0 ? 2 : 1);
    sum += product > 9 ? product - 9 : product;
  });
  return (10 - (sum % 10)) % 10;
}

/** Modulo 11 check digit of the whole Boleto barcode: weights 2 … 9 from the right; 0, 10 and 11 become 1. */
export function boletoMod11(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((digit, index) => {
    sum += Number(digit) * (2 + (index % 8));
  });
  const check = 11 - (sum % 11);
  return check === 0 || check >= 10 ? 1 : check;
}

const DAY_MS = 86_400_000;
const BOLETO_FACTOR_BASE = Date.UTC(1997, 9, 7);

/** Days since 7 Oct 1997, restarting at 1000 after 9999 (as the banks did on 22 Feb 2025). */
export function boletoDueFactor(dueDate: Date): string {
  const day = Date.UTC(dueDate.getUTCFullYear(), dueDate.getUTCMonth(), dueDate.getUTCDate());
  const days = Math.round((day - BOLETO_FACTOR_BASE) / DAY_MS);
  return String(((days - 1000) % 9000) + 1000);
}

/** The sandbox's bank code: 999 belongs to no real bank. */
const BOLETO_BANK = '999';
const BRL = '9';

export interface BoletoReference {
  /** The 44 digits of the Interleaved 2 of 5 barcode. */
  barcode: string;
  /** The 47-digit typeable line, punctuated as printed: `AAABC.CCCCX DDDDD.DDDDDY EEEEE.EEEEEZ K UUUUVVVVVVVVVV`. */
  line: string;
}

/** A Boleto for an amount in centavos due on a day: barcode and typeable line with their check digits. */
export function boletoReference(
  centavos: number,
  dueDate: Date,
  freeField = randomDigits(25),
): BoletoReference {
  const factorAndValue = `${boletoDueFactor(dueDate)}${String(centavos).padStart(10, '0')}`;
  const withoutCheck = `${BOLETO_BANK}${BRL}${factorAndValue}${freeField}`;
  const check = boletoMod11(withoutCheck);
  const barcode = `${withoutCheck.slice(0, 4)}${check}${withoutCheck.slice(4)}`;
  const field = (digits: string) => `${digits}${boletoMod10(digits)}`;
  const first = field(`${BOLETO_BANK}${BRL}${freeField.slice(0, 5)}`);
  const second = field(freeField.slice(5, 15));
  const third = field(freeField.slice(15, 25));
  const dotted = (digits: string) => `${digits.slice(0, 5)}.${digits.slice(5)}`;
  return {
    barcode,
    line: `${dotted(first)} ${dotted(second)} ${dotted(third)} ${check} ${factorAndValue}`,
  };
}

/** The sandbox's Multibanco entity (five digits, as the payment networks assign them). */
export const MULTIBANCO_ENTITY = '12101';

/**
 * A Multibanco reference: seven digits and two check digits over entity, reference and amount
 * (98 minus the ISO 7064 modulo 97 remainder), so an ATM refuses a mistyped reference or amount.
 */
export function multibancoReference(cents: number, serial = randomDigits(7)): string {
  const checked = BigInt(`${MULTIBANCO_ENTITY}${serial}${String(cents).padStart(8, '0')}00`);
  const check = 98n - (checked % 97n);
  return `${serial}${String(check).padStart(2, '0')}`;
}

const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Dragonpay's reference: eight letters and digits, none that reads like another. */
export const dragonpayReference = () =>
  Array.from({ length: 8 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');

/** A telephone number shown with only its first three and last two digits. */
export const maskTelephoneNumber = (digits: string) =>
  `${digits.slice(0, 3)}${'*'.repeat(digits.length - 5)}${digits.slice(-2)}`;
