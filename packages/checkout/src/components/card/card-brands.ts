import type { FieldPolicy } from '../internal/secured-fields/controller.ts';

/** The card groups accepted when the merchant names none. */
export const DEFAULT_CARD_BRANDS = ['mc', 'visa', 'amex'];
/** Brands whose security code is optional. */
const OPTIONAL_CVC_BRANDS = new Set(['laser', 'maestro', 'uatp', 'oasis', 'karenmillen', 'warehouse']);

const BRAND_NAMES: Record<string, string> = {
  mc: 'Mastercard',
  visa: 'Visa',
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  maestro: 'Maestro',
  bcmc: 'Bancontact',
  cup: 'UnionPay',
  elo: 'Elo',
  cartebancaire: 'Cartes Bancaires',
  dankort: 'Dankort',
  hipercard: 'Hipercard',
  korean_local_card: 'Korean local card',
};

export const brandName = (brand: string) => BRAND_NAMES[brand] ?? brand.toUpperCase();

/** Security-code policy: bcmc hides it, some brands make it optional, `hideCVC` hides it for all. */
export function securityCodePolicy(
  brand: string | undefined,
  options: { hideCVC?: boolean; reported?: FieldPolicy },
): FieldPolicy {
  if (options.hideCVC || brand === 'bcmc') return 'hidden';
  if (options.reported) return options.reported;
  if (brand && OPTIONAL_CVC_BRANDS.has(brand)) return 'optional';
  return 'required';
}

/** Amex codes are 4 digits, the others 3. */
export const securityCodeLength = (brand: string | undefined) => (brand === 'amex' ? 4 : 3);

/** Expiry is hidden for ticket-type cards. */
export function expiryDatePolicy(brand: string | undefined, reported?: FieldPolicy): FieldPolicy {
  if (reported) return reported;
  return brand === 'ticket' ? 'hidden' : 'required';
}

/** The brand strip: all brands when 4 or fewer, else the first 3 and a "+N" count. */
export function brandStrip(brands: string[]): { shown: string[]; more: number } {
  if (brands.length <= 4) return { shown: brands, more: 0 };
  return { shown: brands.slice(0, 3), more: brands.length - 3 };
}
