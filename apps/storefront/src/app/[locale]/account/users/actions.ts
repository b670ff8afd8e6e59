'use server';

import { revalidatePath } from 'next/cache';
import { getTranslations } from 'next-intl/server';
import {
  type AdminResult,
  getCompanyUser,
  inviteUser,
  rolesFromGroups,
  sendInvitation,
  sendPasswordReset,
  setActive,
  setRoles,
  updateDetails,
} from '@/backend/company-users';
import { getBuyerSession } from '@/backend/session';
import { capabilitiesOf } from '@/components/account/roles';
import { parseUserForm, type UserFormValues } from '@/components/account/user-admin';
import { redirect } from '@/i18n/navigation';
import { type AppLocale, localeOrDefault } from '@/i18n/routing';

export interface UserFormState {
  readonly ok?: boolean;
  readonly message?: string;
  readonly problems?: Record<string, string>;
  readonly values?: UserFormValues;
}

// Platform user IDs: letters, digits, hyphens, underscores (no path tricks reach the platform).
const USER_ID = /^[\w-]{1,100}$/;

/** The signed-in buyer admin; undefined for anyone else (the platform would refuse them anyway). */
async function admin() {
  const buyer = await getBuyerSession();
  return buyer && capabilitiesOf(buyer.roles).adminUsers ? buyer : undefined;
}

async function problemsOf(lang: AppLocale, parsed: ReturnType<typeof parseUserForm>) {
  if (parsed.ok) return undefined;
  const t = await getTranslations({ locale: lang, namespace: 'Account.userAdmin.problem' });
  return Object.fromEntries(Object.entries(parsed.problems).map(([field, problem]) => [field, t(problem)]));
}

/** Creates the colleague, gives the roles ticked and mails the invitation; then back to the list. */
export async function inviteUserAction(
  locale: AppLocale,
  _previous: UserFormState,
  form: FormData,
): Promise<UserFormState> {
  const lang = localeOrDefault(locale);
  const t = await getTranslations({ locale: lang, namespace: 'Account.userAdmin' });
  const parsed = parseUserForm(form, { withEmail: true });
  const problems = await problemsOf(lang, parsed);
  if (problems) return { ok: false, message: t('fixFields'), problems, values: parsed.values };
  const buyer = await admin();
  if (!buyer) return { ok: false, message: t('result.forbidden'), values: parsed.values };
  const result = await inviteUser(buyer.token, buyer.companyId, buyer.currency, parsed.values);
  if (result !== 'ok') return { ok: false, message: t(`result.${result}`), values: parsed.values };
  revalidatePath(`/${lang}/account/users`);
  return redirect({
    href: `/account/users?done=invited&who=${encodeURIComponent(parsed.values.Email)}`,
    locale: lang,
  });
}

/** Saves name, phone, language and roles of one user. */
export async function saveUserAction(
  locale: AppLocale,
  userId: string,
  _previous: UserFormState,
  form: FormData,
): Promise<UserFormState> {
  const lang = localeOrDefault(locale);
  const t = await getTranslations({ locale: lang, namespace: 'Account.userAdmin' });
  const parsed = parseUserForm(form, { withEmail: false });
  const problems = await problemsOf(lang, parsed);
  if (problems) return { ok: false, message: t('fixFields'), problems, values: parsed.values };
  const buyer = await admin();
  if (!buyer || !USER_ID.test(userId))
    return { ok: false, message: t('result.forbidden'), values: parsed.values };
  const member = await getCompanyUser(buyer.token, buyer.companyId, userId);
  if (!member) return { ok: false, message: t('result.not-found'), values: parsed.values };
  const current = rolesFromGroups(member.groupIds);
  // An admin cannot take the administrator role from themselves (nobody might be left to give it back).
  const keepOwnAdmin = userId === buyer.user.ID && current.includes('admin');
  const wanted =
    keepOwnAdmin && !parsed.values.roles.includes('admin')
      ? [...parsed.values.roles, 'admin' as const]
      : parsed.values.roles;
  let result: AdminResult = await updateDetails(
    buyer.token,
    buyer.companyId,
    userId,
    buyer.currency,
    parsed.values,
    typeof (member.user.xp as { Kind?: unknown } | undefined)?.Kind === 'string',
  );
  if (result === 'ok') result = await setRoles(buyer.token, buyer.companyId, userId, current, wanted);
  if (result !== 'ok') return { ok: false, message: t(`result.${result}`), values: parsed.values };
  revalidatePath(`/${lang}/account/users`);
  return { ok: true, message: t('saved'), values: { ...parsed.values, roles: wanted } };
}

type Command = 'deactivate' | 'activate' | 'reset' | 'invite';

/** The buttons of a user's page: each answers with a notice on the same page. */
export async function userCommandAction(locale: AppLocale, userId: string, command: Command): Promise<void> {
  const lang = localeOrDefault(locale);
  const buyer = await admin();
  let result: AdminResult = 'forbidden';
  // Nobody deactivates themselves: the storefront does not offer it, and refuses it here too.
  if (buyer && USER_ID.test(userId) && !(command === 'deactivate' && userId === buyer.user.ID)) {
    const { token, companyId } = buyer;
    if (command === 'deactivate' || command === 'activate')
      result = await setActive(token, companyId, userId, command === 'activate');
    else if (command === 'reset') result = await sendPasswordReset(token, companyId, userId);
    else result = await sendInvitation(token, companyId, userId);
  }
  revalidatePath(`/${lang}/account/users`);
  const query = result === 'ok' ? `done=${command}` : `failed=${result}`;
  redirect({ href: `/account/users/${encodeURIComponent(userId)}?${query}`, locale: lang });
}
