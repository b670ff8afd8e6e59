import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getCompanyUser, roleGroupsOf, rolesFromGroups } from '@/backend/company-users';
import { requireBuyer } from '@/backend/session';
import { capabilitiesOf } from '@/components/account/roles';
import { AccountSections } from '@/components/account/section-nav';
import { Notice, PageHeader, Section } from '@/components/account/ui';
import { UserAdminForm } from '@/components/account/user-admin-form';
import { Link } from '@/i18n/link';
import { isAppLocale, localeOrDefault } from '@/i18n/routing';
import { saveUserAction, userCommandAction } from '../actions';
import { statusOf, userFormTexts } from '../labels';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/account/users/[userId]'>): Promise<Metadata> {
  const t = await getTranslations({
    locale: localeOrDefault((await params).locale),
    namespace: 'Account.userAdmin',
  });
  return { title: t('edit.title') };
}

const DONE = ['deactivate', 'activate', 'reset', 'invite'] as const;
const FAILED = ['forbidden', 'not-found', 'failed'] as const;

/** One user of the company: details and roles, (de)activation, password reset or the invitation again. */
export default async function UserPage({
  params,
  searchParams,
}: PageProps<'/[locale]/account/users/[userId]'>) {
  const { locale: raw, userId } = await params;
  const locale = localeOrDefault(raw);
  setRequestLocale(locale);
  const [t, buyer, query] = await Promise.all([
    getTranslations({ locale, namespace: 'Account.userAdmin' }),
    requireBuyer(locale),
    searchParams,
  ]);
  if (!capabilitiesOf(buyer.roles).adminUsers) notFound();
  const [member, roles, form] = await Promise.all([
    getCompanyUser(buyer.token, buyer.companyId, userId),
    roleGroupsOf(buyer.token, buyer.companyId),
    userFormTexts(locale, 'save'),
  ]);
  if (!member) notFound();
  const { user, groupIds } = member;
  const name = [user.FirstName, user.LastName].filter(Boolean).join(' ') || user.Username || '';
  const self = user.ID === buyer.user.ID;
  const status = statusOf(user);
  const language = user.Locale?.Language?.slice(0, 2);
  const done = DONE.find((key) => key === query.done);
  const failed = FAILED.find((key) => key === query.failed);
  const command = (key: 'deactivate' | 'activate' | 'reset' | 'invite') =>
    userCommandAction.bind(null, locale, user.ID as string, key);
  return (
    <div className="pb-12" data-testid="user-page">
      <AccountSections locale={locale} current="users" buyer={buyer} />
      <p className="mb-2">
        <Link href="/account/users" className="text-brand underline underline-offset-4">
          {t('edit.back')}
        </Link>
      </p>
      <PageHeader title={name} intro={`${user.Email ?? ''} · ${t(`status.${status}`)}`} />
      {done ? (
        <Notice tone="success" alert testId="user-done">
          {t(`done.${done}`, { name })}
        </Notice>
      ) : null}
      {failed ? (
        <Notice tone="danger" alert>
          {t(`result.${failed}`)}
        </Notice>
      ) : null}

      <Section title={t('edit.details')} id="user-details">
        <UserAdminForm
          action={saveUserAction.bind(null, locale, user.ID as string)}
          withEmail={false}
          defaults={{
            FirstName: user.FirstName ?? '',
            LastName: user.LastName ?? '',
            Email: user.Email ?? '',
            Phone: user.Phone ?? '',
            language: isAppLocale(language) ? language : locale,
            roles: rolesFromGroups(groupIds),
          }}
          roles={roles}
          lockedRoles={self && rolesFromGroups(groupIds).includes('admin') ? ['admin'] : []}
          languages={form.languages}
          labels={form.labels}
          testId="user-form"
        />
      </Section>

      <Section title={t('edit.access')} id="user-access">
        <div className="flex flex-wrap gap-3">
          {status === 'invited' ? (
            <form action={command('invite')}>
              <button type="submit" className="button-secondary">
                {t('edit.resendInvitation')}
              </button>
            </form>
          ) : status === 'active' ? (
            <form action={command('reset')}>
              <button type="submit" className="button-secondary">
                {t('edit.sendReset')}
              </button>
            </form>
          ) : null}
          {self ? null : user.Active ? (
            <form action={command('deactivate')}>
              <button
                type="submit"
                className="inline-flex min-h-11 items-center rounded-md border border-danger px-3 py-1.5 text-sm font-semibold text-danger hover:bg-danger-soft"
              >
                {t('edit.deactivate')}
              </button>
            </form>
          ) : (
            <form action={command('activate')}>
              <button type="submit" className="button-secondary">
                {t('edit.activate')}
              </button>
            </form>
          )}
        </div>
        <p className="mt-3 text-sm text-ink-muted">{self ? t('edit.selfHint') : t('edit.deactivateHint')}</p>
      </Section>
    </div>
  );
}
