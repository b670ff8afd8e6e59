import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { listCompanyUsers, roleGroupsOf, rolesFromGroups } from '@/backend/company-users';
import { requireBuyer } from '@/backend/session';
import { capabilitiesOf } from '@/components/account/roles';
import { AccountSections } from '@/components/account/section-nav';
import { Badge, Notice, PageHeader, Section } from '@/components/account/ui';
import { UserAdminForm } from '@/components/account/user-admin-form';
import { ScrollRegion } from '@/components/scroll-region';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';
import { inviteUserAction } from './actions';
import { shownRoles, statusOf, userFormTexts } from './labels';

export async function generateMetadata({ params }: PageProps<'/[locale]/account/users'>): Promise<Metadata> {
  const t = await getTranslations({
    locale: localeOrDefault((await params).locale),
    namespace: 'Account.userAdmin',
  });
  return { title: t('title') };
}

/** The buyer admin's users: invite a colleague, see everyone's roles and status, open one to manage. */
export default async function UsersPage({ params, searchParams }: PageProps<'/[locale]/account/users'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  const [t, buyer, query] = await Promise.all([
    getTranslations({ locale, namespace: 'Account.userAdmin' }),
    requireBuyer(locale),
    searchParams,
  ]);
  // Only buyer user admins (the platform refuses everyone else's calls as well).
  if (!capabilitiesOf(buyer.roles).adminUsers) notFound();
  const [users, roles, form] = await Promise.all([
    listCompanyUsers(buyer.token, buyer.companyId).catch((error) => {
      console.warn(`[users] list failed: ${String(error)}`);
      return undefined;
    }),
    roleGroupsOf(buyer.token, buyer.companyId),
    userFormTexts(locale, 'invite'),
  ]);
  const who = typeof query.who === 'string' ? query.who.slice(0, 254) : '';
  return (
    <div className="pb-12" data-testid="users-page">
      <AccountSections locale={locale} current="users" buyer={buyer} />
      <PageHeader title={t('title')} intro={t('intro')} />
      {query.done === 'invited' ? (
        <Notice tone="success" alert testId="users-invited">
          {t('invite.sent', { email: who })}
        </Notice>
      ) : null}
      <p className="mb-6">
        <Link href="/account/join-requests" className="text-brand underline underline-offset-4">
          {t('joinRequestsLink')}
        </Link>
      </p>

      <Section title={t('list.title')} id="users-list">
        {!users ? (
          <p className="text-danger">{t('list.error')}</p>
        ) : (
          <ScrollRegion labelledBy="users-list">
            <table className="w-full min-w-[34rem] border-collapse text-left" data-testid="users-table">
              <caption className="sr-only">{t('list.caption')}</caption>
              <thead>
                <tr className="border-b border-line-strong text-sm text-ink-muted">
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t('list.name')}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t('list.email')}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t('list.roles')}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t('list.status')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.map(({ user, groupIds }) => {
                  const name = [user.FirstName, user.LastName].filter(Boolean).join(' ') || user.Username;
                  const status = statusOf(user);
                  return (
                    <tr key={user.ID} className="border-b border-line" data-user={user.Username}>
                      <th scope="row" className="py-2 pr-4 font-medium">
                        <Link
                          href={`/account/users/${encodeURIComponent(user.ID as string)}`}
                          className="text-brand underline underline-offset-4"
                          aria-label={t('list.manage', { name })}
                        >
                          {name}
                        </Link>
                        {user.ID === buyer.user.ID ? (
                          <span className="font-normal text-ink-muted"> {t('list.you')}</span>
                        ) : null}
                      </th>
                      <td className="py-2 pr-4 break-all">{user.Email}</td>
                      <td className="py-2 pr-4">
                        <span className="flex flex-wrap gap-1">
                          {shownRoles(rolesFromGroups(groupIds)).map((role) => (
                            <Badge key={role} tone={role === 'admin' ? 'brand' : 'neutral'}>
                              {t(`role.${role}`)}
                            </Badge>
                          ))}
                        </span>
                      </td>
                      <td className="py-2" data-testid="user-status">
                        {status === 'inactive' ? (
                          <Badge tone="danger">{t(`status.${status}`)}</Badge>
                        ) : (
                          t(`status.${status}`)
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </Section>

      <Section title={t('invite.title')} id="users-invite">
        <p className="mb-4 text-ink-muted">{t('invite.intro')}</p>
        <UserAdminForm
          action={inviteUserAction.bind(null, locale)}
          withEmail
          defaults={{ FirstName: '', LastName: '', Email: '', Phone: '', language: locale, roles: [] }}
          roles={roles}
          languages={form.languages}
          labels={form.labels}
          testId="invite-form"
        />
      </Section>
    </div>
  );
}
