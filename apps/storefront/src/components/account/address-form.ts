/*
 * The buyer's address form: required non-empty Street1, City, Zip, Country, State;
 * the rest optional. Pure, unit-tested.
 */

export const ADDRESS_FIELDS = [
  'AddressName',
  'CompanyName',
  'FirstName',
  'LastName',
  'Street1',
  'Street2',
  'Zip',
  'City',
  'State',
  'Country',
  'Phone',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export const REQUIRED_ADDRESS_FIELDS: readonly AddressField[] = [
  'Street1',
  'City',
  'Zip',
  'State',
  'Country',
];

/** Countries the demo sales companies serve; the select offers these. */
export const ADDRESS_COUNTRIES = ['DK', 'DE', 'NL', 'SE', 'NO', 'FI', 'AT', 'BE', 'FR', 'PL', 'GB'] as const;

const MAX_LENGTH = 100;

export type AddressValues = Partial<Record<AddressField, string>>;
export type AddressProblem = 'required' | 'tooLong' | 'countryInvalid';

export type AddressFormResult =
  | { readonly ok: true; readonly address: AddressValues & Required<Pick<AddressValues, 'Street1'>> }
  | {
      readonly ok: false;
      readonly values: AddressValues;
      readonly problems: Partial<Record<AddressField, AddressProblem>>;
    };

export function parseAddressForm(form: FormData): AddressFormResult {
  const values: AddressValues = {};
  const problems: Partial<Record<AddressField, AddressProblem>> = {};
  for (const field of ADDRESS_FIELDS) {
    const raw = form.get(field);
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (value) values[field] = value;
    if (value.length > MAX_LENGTH) problems[field] = 'tooLong';
    else if (!value && REQUIRED_ADDRESS_FIELDS.includes(field)) problems[field] = 'required';
  }
  if (values.Country && !/^[A-Z]{2}$/.test(values.Country)) problems.Country = 'countryInvalid';
  if (Object.keys(problems).length > 0) return { ok: false, values, problems };
  return { ok: true, address: values as AddressValues & { Street1: string } };
}

/** The problems as the texts shown next to the fields, given a translation of each problem. */
export function addressProblemMessages(
  problems: Partial<Record<AddressField, AddressProblem>>,
  describe: (problem: AddressProblem) => string,
): Record<string, string> {
  return Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, describe(problem)]));
}

/** What a new address added in the checkout is for: it is flagged so, and chosen for the order so. */
export const ADDRESS_USES = ['both', 'shipping', 'billing'] as const;
export type AddressUse = (typeof ADDRESS_USES)[number];

export function addressUseOf(value: unknown): AddressUse {
  return (ADDRESS_USES as readonly unknown[]).includes(value) ? (value as AddressUse) : 'both';
}

/** The address book flags of an address added for the given use. */
export function addressFlags(use: AddressUse): { Shipping: boolean; Billing: boolean } {
  return { Shipping: use !== 'billing', Billing: use !== 'shipping' };
}
