/*
 * The registration form: a new business buyer tells us about the company and themselves; the
 * middleware creates a pending registration that the CRM and ERP complete. Pure, unit-tested.
 */

export const REGISTRATION_FIELDS = [
  'companyName',
  'vatNumber',
  'country',
  'firstName',
  'lastName',
  'email',
  'phone',
  'password',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number] | 'acceptTerms';

const REQUIRED: readonly RegistrationField[] = [
  'companyName',
  'vatNumber',
  'country',
  'firstName',
  'lastName',
  'email',
  'password',
];

export const REGISTRATION_COUNTRIES = ['DK', 'DE', 'NL', 'SE'] as const;

export type RegistrationProblem =
  | 'required'
  | 'tooLong'
  | 'emailInvalid'
  | 'vatInvalid'
  | 'countryInvalid'
  | 'mustAccept'
  | 'phoneInvalid'
  | 'passwordShort';

export type RegistrationValues = Partial<Record<(typeof REGISTRATION_FIELDS)[number], string>>;

export type RegistrationFormResult =
  | { readonly ok: true; readonly values: Required<Omit<RegistrationValues, 'phone'>> & RegistrationValues }
  | {
      readonly ok: false;
      readonly values: RegistrationValues;
      readonly problems: Partial<Record<RegistrationField, RegistrationProblem>>;
    };

const MAX_LENGTH = 120;

/** A VAT number: two-letter country prefix and 2–13 letters or digits (spaces and dots ignored). */
export function normaliseVatNumber(value: string): string | undefined {
  const compact = value.replace(/[\s.-]/g, '').toUpperCase();
  return /^[A-Z]{2}[A-Z0-9]{2,13}$/.test(compact) ? compact : undefined;
}

export function parseRegistrationForm(form: FormData): RegistrationFormResult {
  const values: RegistrationValues = {};
  const problems: Partial<Record<RegistrationField, RegistrationProblem>> = {};
  for (const field of REGISTRATION_FIELDS) {
    const raw = form.get(field);
    const value = typeof raw === 'string' ? (field === 'password' ? raw : raw.trim()) : '';
    if (value) values[field] = value;
    if (value.length > MAX_LENGTH) problems[field] = 'tooLong';
    else if (!value && REQUIRED.includes(field)) problems[field] = 'required';
  }
  if (values.email && !problems.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) {
    problems.email = 'emailInvalid';
  }
  if (values.vatNumber && !problems.vatNumber) {
    const vat = normaliseVatNumber(values.vatNumber);
    if (vat) values.vatNumber = vat;
    else problems.vatNumber = 'vatInvalid';
  }
  if (values.country && !(REGISTRATION_COUNTRIES as readonly string[]).includes(values.country)) {
    problems.country = 'countryInvalid';
  }
  if (values.phone && !/^\+?[0-9 ()-]{5,30}$/.test(values.phone)) problems.phone = 'phoneInvalid';
  if (values.password && !problems.password && values.password.length < 8)
    problems.password = 'passwordShort';
  if (form.get('acceptTerms') !== 'on') problems.acceptTerms = 'mustAccept';
  if (Object.keys(problems).length > 0) return { ok: false, values, problems };
  return { ok: true, values: values as Required<Omit<RegistrationValues, 'phone'>> & RegistrationValues };
}
