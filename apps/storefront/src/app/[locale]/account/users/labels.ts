import { getTranslations } from 'next-intl/server';
import type { RoleKey } from '@/backend/company-users';
import type { UserFormLabels } from '@/components/account/user-admin-form';
import { type AppLocale, localeNames, routing } from '@/i18n/routing';

/** The user form's labels and language options in the page's locale. */
export async function userFormTexts(locale: AppLocale, submit: 'invite' | 'save') {
  const t = await getTranslations({ locale, namespace: 'Account.userAdmin' });
  const labels: UserFormLabels = {
    FirstName: t('field.firstName'),
    LastName: t('field.lastName'),
    Email: t('field.email'),
    Phone: t('field.phone'),
    language: t('field.language'),
    roles: t('field.roles'),
    rolesHint: t('field.rolesHint'),
    role: { approver: t('role.approver'), admin: t('role.admin') },
    submit: submit === 'invite' ? t('invite.submit') : t('edit.submit'),
    submitting: submit === 'invite' ? t('invite.submitting') : t('edit.submitting'),
  };
  const languages = routing.locales.map((value) => ({ value, label: localeNames[value] }));
  return { labels, languages };
}

/** A user's status: invited (no password set yet), active or deactivated. */
export type UserStatus = 'invited' | 'active' | 'inactive';

export const statusOf = (user: { Active?: boolean; PasswordLastSetDate?: string | null }): UserStatus =>
  !user.Active ? 'inactive' : user.PasswordLastSetDate ? 'active' : 'invited';

/** The roles to show: everyone active shops; the groups add approver and administrator. */
export const shownRoles = (roles: readonly RoleKey[]): ('shopper' | RoleKey)[] => ['shopper', ...roles];
