import { isAppLocale } from '../../i18n/locales';

/*
 * The buyer admin's user forms, read and checked before anything reaches the platform (which checks
 * again). Pure, so the rules are unit-tested; the texts are keys of `Account.userAdmin.problem`.
 */

export const ROLE_FIELDS = ['approver', 'admin'] as const;
export type RoleField = (typeof ROLE_FIELDS)[number];

export type UserFormField = 'FirstName' | 'LastName' | 'Email' | 'Phone' | 'language';
export type UserFormProblem = 'required' | 'email' | 'tooLong' | 'phone' | 'language';

export interface UserFormValues {
  readonly FirstName: string;
  readonly LastName: string;
  readonly Email: string;
  readonly Phone: string;
  readonly language: string;
  readonly roles: readonly RoleField[];
}

export type ParsedUserForm =
  | { readonly ok: true; readonly values: UserFormValues }
  | {
      readonly ok: false;
      readonly values: UserFormValues;
      readonly problems: Partial<Record<UserFormField, UserFormProblem>>;
    };

const MAX_NAME = 100;
const MAX_EMAIL = 254;
// Simple shapes only (no user input ever becomes a pattern): one @, no spaces, a dot in the domain.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9+()\-. ]{0,40}$/;

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/** Reads the invite form (`withEmail`) or a user's details form; roles are the ticked role boxes. */
export function parseUserForm(form: FormData, { withEmail }: { withEmail: boolean }): ParsedUserForm {
  const values: UserFormValues = {
    FirstName: text(form, 'FirstName'),
    LastName: text(form, 'LastName'),
    Email: withEmail ? text(form, 'Email').toLowerCase() : '',
    Phone: text(form, 'Phone'),
    language: text(form, 'language'),
    roles: ROLE_FIELDS.filter((role) => form.getAll('role').includes(role)),
  };
  const problems: Partial<Record<UserFormField, UserFormProblem>> = {};
  for (const field of ['FirstName', 'LastName'] as const) {
    if (!values[field]) problems[field] = 'required';
    else if (values[field].length > MAX_NAME) problems[field] = 'tooLong';
  }
  if (withEmail) {
    if (!values.Email) problems.Email = 'required';
    else if (values.Email.length > MAX_EMAIL || !EMAIL.test(values.Email)) problems.Email = 'email';
  }
  if (!PHONE.test(values.Phone)) problems.Phone = 'phone';
  if (!isAppLocale(values.language)) problems.language = 'language';
  return Object.keys(problems).length > 0 ? { ok: false, values, problems } : { ok: true, values };
}
