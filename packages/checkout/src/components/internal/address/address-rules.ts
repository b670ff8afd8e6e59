/** Address rules: postal-code formats, per-country layouts and limits. */

/** A field of the billing address, as the payments call names it. */
export type AddressField =
  | 'street'
  | 'houseNumberOrName'
  | 'postalCode'
  | 'city'
  | 'stateOrProvince'
  | 'country';
export type AddressData = Partial<Record<AddressField | 'firstName' | 'lastName', string>>;
/** The whole billing address, only postal code and country (`partial`), or none. */
export type BillingAddressMode = 'full' | 'partial' | 'none';

export const ADDRESS_FIELD_MAX_LENGTH = 30;
export const DEFAULT_REQUIRED_FIELDS: AddressField[] = [
  'street',
  'houseNumberOrName',
  'postalCode',
  'city',
  'stateOrProvince',
  'country',
];

interface PostalCodeRule {
  pattern: RegExp;
  /** Shown in the error message ("Expected format: …"). */
  format: string;
  maxLength: number;
}

const digits = (count: number): PostalCodeRule => ({
  pattern: new RegExp(`^\\d{${count}}$`),
  format: '9'.repeat(count),
  maxLength: count,
});

export const POSTAL_CODE_RULES: Record<string, PostalCodeRule> = {
  ...Object.fromEntries(
    ['AT', 'AU', 'BE', 'BG', 'CH', 'CY', 'DK', 'HU', 'LI', 'LU', 'NO', 'NZ', 'SI', 'GE'].map((code) => [
      code,
      digits(4),
    ]),
  ),
  ...Object.fromEntries(
    ['DE', 'EE', 'ES', 'FI', 'FR', 'IT', 'MY', 'SE', 'SK', 'US'].map((code) => [code, digits(5)]),
  ),
  IS: digits(3),
  RO: digits(6),
  SG: digits(6),
  BR: { pattern: /^\d{5}-?\d{3}$/, format: '12345-678', maxLength: 9 },
  CA: {
    pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
    format: 'A9A 9A9',
    maxLength: 7,
  },
  GB: { pattern: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i, format: 'SW1A 1AA', maxLength: 8 },
  NL: { pattern: /^\d{4} ?[A-Z]{2}$/i, format: '9999AA', maxLength: 7 },
  PL: { pattern: /^\d{2}-\d{3}$/, format: '99-999', maxLength: 6 },
  PT: { pattern: /^\d{4}-\d{3}$/, format: '9999-999', maxLength: 8 },
  MC: { pattern: /^980\d{2}$/, format: '980NN', maxLength: 5 },
  HR: { pattern: /^[1-5]\d{4}$/, format: '[1-5]9999', maxLength: 5 },
  CZ: { pattern: /^\d{3} ?\d{2}$/, format: '999 99', maxLength: 6 },
  GR: { pattern: /^\d{3} ?\d{2}$/, format: '999 99', maxLength: 6 },
  JP: { pattern: /^\d{3}-?\d{4}$/, format: '999-9999', maxLength: 8 },
  IE: { pattern: /^[A-Z]\d[\dW] ?[0-9AC-FHKNPRTV-Y]{4}$/i, format: 'A65 F4E2', maxLength: 8 },
  LT: { pattern: /^(LT-)?\d{5}$/i, format: 'LT-99999', maxLength: 8 },
  LV: { pattern: /^(LV-)?\d{4}$/i, format: 'LV-9999', maxLength: 7 },
  MT: { pattern: /^[A-Z]{3} ?\d{2,4}$/i, format: 'ABC 1234', maxLength: 8 },
};

export const postalCodeMaxLength = (country: string | undefined) =>
  (country && POSTAL_CODE_RULES[country]?.maxLength) || 10;

/** Countries whose state/province list comes from the datasets (others get N/A). */
export const COUNTRIES_WITH_STATES = new Set(['AU', 'BR', 'CA', 'US']);

/** Fields that are optional for a country (e.g. the house number in the US). */
const OPTIONAL_FIELDS: Record<string, AddressField[]> = {
  GB: ['stateOrProvince'],
  US: ['houseNumberOrName'],
  CA: ['houseNumberOrName'],
  AU: ['houseNumberOrName'],
};

/** Per-country layouts: rows of fields; two-field rows split 50/50 or 70/30. */
export interface LayoutRow {
  fields: AddressField[];
  split?: '50/50' | '70/30' | '30/70';
}

const LAYOUTS: Record<string, LayoutRow[]> = {
  default: [
    { fields: ['country'] },
    { fields: ['street', 'houseNumberOrName'], split: '70/30' },
    { fields: ['postalCode', 'city'], split: '30/70' },
    { fields: ['stateOrProvince'] },
  ],
  US: [
    { fields: ['country'] },
    { fields: ['street'] },
    { fields: ['houseNumberOrName'] },
    { fields: ['city'] },
    { fields: ['stateOrProvince', 'postalCode'], split: '70/30' },
  ],
  CA: [
    { fields: ['country'] },
    { fields: ['street'] },
    { fields: ['houseNumberOrName'] },
    { fields: ['city'] },
    { fields: ['stateOrProvince', 'postalCode'], split: '70/30' },
  ],
  AU: [
    { fields: ['country'] },
    { fields: ['street'] },
    { fields: ['houseNumberOrName'] },
    { fields: ['city'] },
    { fields: ['stateOrProvince', 'postalCode'], split: '50/50' },
  ],
  BR: [
    { fields: ['country'] },
    { fields: ['postalCode'] },
    { fields: ['street', 'houseNumberOrName'], split: '70/30' },
    { fields: ['city', 'stateOrProvince'], split: '70/30' },
  ],
  GB: [
    { fields: ['country'] },
    { fields: ['houseNumberOrName'] },
    { fields: ['street'] },
    { fields: ['city'] },
    { fields: ['postalCode'] },
  ],
};

export function addressLayout(country: string | undefined, mode: BillingAddressMode): LayoutRow[] {
  if (mode === 'none') return [];
  if (mode === 'partial') return [{ fields: ['postalCode'] }];
  return LAYOUTS[country ?? ''] ?? LAYOUTS.default!;
}

export function isFieldRequired(
  field: AddressField,
  country: string | undefined,
  requiredFields: AddressField[],
): boolean {
  if (!requiredFields.includes(field)) return false;
  if (field === 'stateOrProvince' && !COUNTRIES_WITH_STATES.has(country ?? '')) return false;
  return !(OPTIONAL_FIELDS[country ?? ''] ?? []).includes(field);
}

export interface FieldError {
  key: string;
  values?: Record<string, string>;
}

/** Validates one field as on blur. */
export function validateAddressField(
  field: AddressField,
  value: string,
  country: string | undefined,
  requiredFields: AddressField[],
): FieldError | undefined {
  const trimmed = value.trim();
  if (trimmed === '')
    return isFieldRequired(field, country, requiredFields) ? { key: 'field.error.required' } : undefined;
  if (field === 'postalCode') {
    const rule = country ? POSTAL_CODE_RULES[country] : undefined;
    if (rule && !rule.pattern.test(trimmed))
      return { key: 'invalid.format.expects', values: { format: rule.format } };
  }
  return undefined;
}

/** Street, house and city lose characters that break address lines; every field is trimmed on blur. */
export function sanitiseAddressField(field: AddressField, value: string): string {
  const trimmed = value.trim();
  return field === 'street' || field === 'houseNumberOrName' || field === 'city'
    ? trimmed.replace(/[<>{}|\\^~[\]`"]/g, '')
    : trimmed;
}

export function validateAddress(
  address: AddressData,
  mode: BillingAddressMode,
  requiredFields: AddressField[] = DEFAULT_REQUIRED_FIELDS,
): Partial<Record<AddressField, FieldError>> {
  const errors: Partial<Record<AddressField, FieldError>> = {};
  for (const row of addressLayout(address.country, mode)) {
    for (const field of row.fields) {
      const error = validateAddressField(field, address[field] ?? '', address.country, requiredFields);
      if (error) errors[field] = error;
    }
  }
  return errors;
}

/** The billingAddress of the payment data: stateOrProvince N/A for countries without states. */
export function formatBillingAddress(
  address: AddressData,
  mode: BillingAddressMode,
): Record<string, string> | undefined {
  if (mode === 'none') return undefined;
  if (mode === 'partial')
    return address.postalCode
      ? { postalCode: address.postalCode.trim(), country: address.country ?? '' }
      : undefined;
  const country = address.country ?? '';
  const { firstName: _first, lastName: _last, ...rest } = address;
  return {
    street: rest.street ?? '',
    houseNumberOrName: rest.houseNumberOrName?.trim() || 'N/A',
    postalCode: rest.postalCode ?? '',
    city: rest.city ?? '',
    stateOrProvince: COUNTRIES_WITH_STATES.has(country) ? (rest.stateOrProvince ?? '') : 'N/A',
    country,
  };
}
