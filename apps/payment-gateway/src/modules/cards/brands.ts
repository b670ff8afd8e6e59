/**
 * Card brand rules: which BIN ranges belong to which brand, permitted lengths and field policies
 * (docs/domain.md, test cards and test data). The same table drives the server-side checks, binLookup and the
 * secured-field frames (serialised into the frame page), so brand rules live in one place.
 */
export type FieldPolicy = 'required' | 'optional' | 'hidden';

export interface BrandRule {
  brand: string;
  /** BIN prefixes, or inclusive ranges `[from, to]` of equally long prefixes. */
  prefixes: (string | [string, string])[];
  lengths: number[];
  cvcLength: number;
  cvcPolicy: FieldPolicy;
  expiryDatePolicy: FieldPolicy;
  luhn: boolean;
  /** Country of issue reported by binLookup when nothing more specific is known. */
  issuingCountryCode: string;
  showSocialSecurityNumber?: boolean;
  /** A local scheme printed together with an international one on the same card (co-badged). */
  coBadgedWith?: string;
}

const range = (from: number, to: number): (string | [string, string])[] => [[String(from), String(to)]];

/** Most specific first: the first rule whose prefix matches decides the primary brand. */
export const BRAND_RULES: BrandRule[] = [
  // Co-badged local debit/credit schemes: their own rule, co-badged with an international brand.
  {
    brand: 'cartebancaire',
    prefixes: ['40355010', '43600000'],
    lengths: [16],
    cvcLength: 3,
    cvcPolicy: 'required',
    expiryDatePolicy: 'required',
    luhn: true,
    issuingCountryCode: 'FR',
    coBadgedWith: 'visa',
  },
  {
    brand: 'dankort',
    prefixes: ['5019', '4571'],
    lengths: [16],
    cvcLength: 3,
    cvcPolicy: 'required',
    expiryDatePolicy: 'required',
    luhn: true,
    issuingCountryCode: 'DK',
    coBadgedWith: 'visa',
  },
  {
    brand: 'bcmc',
    prefixes: ['6703', '479658', '606005'],
    lengths: [16, 17, 18, 19],
    cvcLength: 3,
    cvcPolicy: 'hidden',
    expiryDatePolicy: 'required',
    luhn: true,
    issuingCountryCode: 'BE',
    coBadgedWith: 'maestro',
  },
  {
    brand: 'elo',
    prefixes: [
      '401178',
      '401179',
      '431274',
      '438935',
      '451416',
      '457393',
      '457631',
      '457632',
      '504175',
      '627780',
      '636297',
      '636368',
      ...range(506699, 506778),
      ...range(509000, 509999),
      ...range(650031, 650051),
      ...range(650405, 650439),
      ...range(650485, 650538),
      ...range(650541, 650598),
      ...range(650700, 650727),
      ...range(650901, 650920),
      ...range(651652, 651679),
      ...range(655000, 655058),
    ],
    lengths: [16],
    cvcLength: 3,
    cvcPolicy: 'required',
    expiryDatePolicy: 'required',
    luhn: true,
    issuingCountryCode: 'BR',
    showSocialSecurityNumber: true,
  },
  {
    brand: 'hipercard',
    prefixes: ['606282', '384100', '384140', '384160'],
    lengths: [16, 19],
    cvcLength: 3,
    cvcPolicy: 'required',
    expiryDatePolicy: 'required',
    luhn: true,
    issuingCountryCode: 'BR',
    showSocialSecurityNumber: true,
  },
  {
    brand: 'korean_local_card',
    prefixes: ['9'],
    lengths: [16],
    cvcLength: 3,
    cvcPolicy: 'hidden',
    expiryDatePolicy: 'required',
    luhn: false,
    issuingCountryCode: 'KR',
  },
  {
    brand: 'amex',
    prefixes: ['34', '37'],
    lengths: [15],
    cvcLength: 4,
    cvcPolicy: 'required',
    expiryDatePolicy: 'required',
    luhn: true,
    issuingCountryCode: 'US',
  },
  {
    brand: 'diners',
    prefixes: [...range(300, 305), '36', '38', '39'],
    lengths: [14, 16],
    cvcLength: 3,
    cvcPolicy: 'required',
    expiryDatePolicy: 'required',
    luhn: true,
    issuingCountryCode: 'US',
  },
  {
    brand: 'discover',
    prefixes: ['6011', ...range(644, 649), '65'],
    lengths: [16, 19],
    cvcLength: 3,
    cvcPolicy: 'required',
    expiryDatePolicy: 'required',
    luhn: true,
    issuingCountryCode: 'US',
  },
  {
    brand: 'jcb',
    prefixes: range(3528, 3589),
    lengths: [16, 17, 18, 19],
    cvcLength: 3,
    cvcPolicy: 'required',
    expiryDatePolicy: 'required',
    luhn: true,
    issuingCountryCode: 'JP',
  },
  {
    brand: 'cup',
    prefixes: ['62', '81'],
    lengths: [14, 15, 16, 17, 18, 19],
    cvcLength: 3,
    cvcPolicy: 'required',
    expiryDatePolicy: 'required',
    luhn: true,
    issuingCountryCode: 'CN',
  },
  {
    brand: 'mc',
    prefixes: [...range(51, 55), ...range(2221, 2720)],
    lengths: [16],
    cvcLength: 3,
    cvcPolicy: 'required',
    expiryDatePolicy: 'required',
    luhn: true,
    issuingCountryCode: 'NL',
  },
  {
    brand: 'maestro',
    prefixes: ['50', ...range(56, 58), '6'],
    lengths: [12, 13, 14, 15, 16, 17, 18, 19],
    cvcLength: 3,
    cvcPolicy: 'optional',
    expiryDatePolicy: 'required',
    luhn: true,
    issuingCountryCode: 'NL',
  },
  {
    brand: 'visa',
    prefixes: ['4'],
    lengths: [13, 16, 19],
    cvcLength: 3,
    cvcPolicy: 'required',
    expiryDatePolicy: 'required',
    luhn: true,
    issuingCountryCode: 'US',
  },
];

const RULES_BY_BRAND = new Map(BRAND_RULES.map((rule) => [rule.brand, rule]));

export const brandRule = (brand: string): BrandRule | undefined => RULES_BY_BRAND.get(brand);

function matchesPrefix(digits: string, prefix: string | [string, string]): boolean {
  if (typeof prefix === 'string') return digits.startsWith(prefix);
  const [from, to] = prefix;
  if (digits.length < from.length) return false;
  const head = digits.slice(0, from.length);
  return head >= from && head <= to;
}

/** The rule of the primary brand the leading digits belong to, if any. */
export function detectBrand(digits: string): BrandRule | undefined {
  return BRAND_RULES.find((rule) => rule.prefixes.some((prefix) => matchesPrefix(digits, prefix)));
}

/**
 * Every brand printed on the card: the detected one first (the default), plus for a co-badged card
 * the international brand it is co-badged with (the shopper may pick either: dual branding).
 */
export function detectBrands(digits: string): BrandRule[] {
  const primary = detectBrand(digits);
  if (!primary) return [];
  const partner = primary.coBadgedWith ? brandRule(primary.coBadgedWith) : undefined;
  return partner ? [primary, partner] : [primary];
}

/** Default brands the merchant's card method lists in /paymentMethods. */
export const DEFAULT_CARD_BRANDS = [
  'visa',
  'mc',
  'amex',
  'maestro',
  'bcmc',
  'diners',
  'discover',
  'jcb',
  'cup',
  'elo',
  'hipercard',
  'cartebancaire',
  'dankort',
  'korean_local_card',
];
