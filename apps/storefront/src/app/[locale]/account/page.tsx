import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { BuyerAddress } from 'ordercloud-javascript-sdk';
import { addressValidity } from '@/backend/address-validity';
import {
  type CompanyUser,
  type CompanyXp,
  getMyCompany,
  listCompanyUsers,
  listMyAddresses,
} from '@/backend/my-account';
import { policyVersions } from '@/backend/policies';
import { getMyRegistration } from '@/backend/registrations';
import { requireBuyer } from '@/backend/session';
import { AddressForm, LanguageForm, ProfileForm } from '@/components/account/account-forms';
import { ADDRESS_FIELDS } from '@/components/account/address-form';
import { addressFormTexts } from '@/components/account/address-labels';
import { capabilitiesOf, roleLabels } from '@/components/account/roles';
import { AccountSections } from '@/components/account/section-nav';
import { Badge, Notice, PageHeader, Section } from '@/components/account/ui';
import { day } from '@/components/orders/format';
import { ScrollRegion } from '@/components/scroll-region';
import { Link } from '@/i18n/link';
import { localeNames, localeOrDefault, routing } from '@/i18n/routing';
import { deleteAddressAction, saveAddressAction, saveLanguageAction, saveProfileAction } from './actions';

export async function generateMetadata({ params }: PageProps<'/[locale]/account'>): Promise<Metadata> {
  const t = await getTranslations({ locale: localeOrDefault((await params).locale), namespace: 'Account' });
  return { title: t('title') };
}

function addressName(address: BuyerAddress, fallback: string): string {
  return address.AddressName || address.CompanyName || address.Street1 || fallback;
}

export default async function AccountPage({ params, searchParams }: PageProps<'/[locale]/account'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  const [t, buyer, query] = await Promise.all([
    getTranslations({ locale, namespace: 'Account' }),
    requireBuyer(locale, { allowPending: true }),
    searchParams,
  ]);
  const can = capabilitiesOf(buyer.roles);
  const user = buyer.user;
  const pending = user.xp?.Kind === 'Pending';
  const [addresses, company, users, registration] = await Promise.all([
    can.shop || can.editAddresses
      ? listMyAddresses(buyer.token).catch((error) => {
          console.warn(`[account] addresses failed: ${String(error)}`);
          return undefined;
        })
      : [],
    can.readCompany && buyer.companyId
      ? getMyCompany(buyer.token, buyer.companyId).catch(() => undefined)
      : undefined,
    can.manageUsers && buyer.companyId
      ? listCompanyUsers(buyer.token, buyer.companyId).catch((error): CompanyUser[] | undefined => {
          console.warn(`[account] users failed: ${String(error)}`);
          return undefined;
        })
      : undefined,
    pending ? getMyRegistration(buyer.token) : undefined,
  ]);
  // Buyer admins read the company itself; everyone gets its extension with `/me` (Buyer.xp).
  const companyXp: CompanyXp = company?.xp ?? (user.Buyer as { xp?: CompanyXp } | undefined)?.xp ?? {};
  const companyKnown = Boolean(company || companyXp.ErpId || companyXp.VatNumber);
  const editing = typeof query.address === 'string' ? query.address : undefined;
  const editingAddress =
    editing && editing !== 'new' ? addresses?.find((address) => address.ID === editing) : undefined;
  const [{ countries, labels: addressLabels }, versions] = await Promise.all([
    addressFormTexts(locale),
    policyVersions().catch(() => undefined),
  ]);
  // Unknown versions (the middleware away) show no acceptance warning rather than a false one.
  const termsCurrent =
    !versions ||
    ((user.xp?.TermsVersionApproved ?? 0) >= versions.termsVersion &&
      (user.xp?.PrivacyVersionApproved ?? 0) >= versions.privacyVersion);
  const savedKey = query.saved;
  const none = t('company.none');

  return (
    <div className="pb-12" data-testid="account-page">
      <AccountSections locale={locale} current="account" buyer={buyer} />
      <PageHeader title={t('title')} />
      {pending ? (
        <Notice tone="info" testId="account-pending">
          <p>{t('pending')}</p>
          {registration ? (
            <p className="mt-2">
              <Link href={`/register/${registration.ID}`} className="text-brand underline underline-offset-4">
                {registration.CompanyName ?? registration.ID}
              </Link>
            </p>
          ) : null}
        </Notice>
      ) : null}
      {buyer.invited ? (
        <Notice tone="info" testId="account-invited">
          <p>{t('invited')}</p>
          <p className="mt-2">
            <Link href="/terms" className="text-brand underline underline-offset-4">
              {t('terms.review')}
            </Link>
          </p>
        </Notice>
      ) : null}
      {savedKey === 'language' ? (
        <Notice tone="success" alert>
          {t('language.saved')}
        </Notice>
      ) : null}
      {savedKey === 'address' ? (
        <Notice tone="success" alert>
          {t('addresses.saved')}
        </Notice>
      ) : null}
      {savedKey === 'deleted' ? (
        <Notice tone="success" alert>
          {t('addresses.deleted')}
        </Notice>
      ) : null}
      {query.failed === 'address' ? (
        <Notice tone="danger" alert>
          {t('addresses.failed')}
        </Notice>
      ) : null}
      {companyXp.CreditHold ? (
        <Notice tone="danger" testId="credit-hold">
          {t('company.creditHoldOn')}
        </Notice>
      ) : null}

      <Section title={t('profile.title')} id="account-profile">
        <p className="mb-4 text-sm text-ink-muted">
          {t('profile.username')}: <span className="font-medium text-ink">{user.Username}</span>
        </p>
        <ProfileForm
          action={saveProfileAction.bind(null, locale)}
          readOnly={!can.editProfile}
          defaults={{
            FirstName: user.FirstName ?? '',
            LastName: user.LastName ?? '',
            Email: user.Email ?? '',
            Phone: user.Phone ?? '',
          }}
          labels={{
            FirstName: t('profile.firstName'),
            LastName: t('profile.lastName'),
            Email: t('profile.email'),
            Phone: t('profile.phone'),
            save: t('profile.save'),
            saving: t('profile.saving'),
          }}
        />
      </Section>

      <Section title={t('language.title')} id="account-language-title">
        {can.writeXp ? (
          <LanguageForm
            action={saveLanguageAction.bind(null, locale)}
            current={locale}
            options={routing.locales.map((entry) => ({ value: entry, label: localeNames[entry] }))}
            labels={{ language: t('language.language'), save: t('language.save') }}
          />
        ) : null}
        <dl className="mt-4">
          <dt className="text-sm text-ink-muted">{t('language.currency')}</dt>
          <dd className="font-medium">{buyer.currency}</dd>
          <dd className="text-sm text-ink-muted">
            {t('language.currencyHint', { currency: buyer.currency })}
          </dd>
        </dl>
      </Section>

      <Section title={t('terms.title')} id="account-terms">
        <p data-testid="account-terms-state" data-current={termsCurrent ? 'true' : 'false'}>
          {termsCurrent ? t('terms.current') : t('terms.outdated')}
        </p>
        <p className="mt-3">
          <Link href="/terms" className="text-brand underline underline-offset-4">
            {t('terms.review')}
          </Link>
        </p>
      </Section>

      <Section
        title={t('addresses.title')}
        id="addresses"
        actions={
          can.editAddresses && editing !== 'new' ? (
            <Link href="/account?address=new#addresses" className="button-secondary">
              {t('addresses.add')}
            </Link>
          ) : null
        }
      >
        {editing === 'new' && can.editAddresses ? (
          <div className="mb-6">
            <AddressForm
              action={saveAddressAction.bind(null, locale, undefined)}
              defaults={{ Country: companyXp.Currency === 'EUR' ? 'DE' : 'DK' }}
              countries={countries}
              labels={addressLabels}
            />
          </div>
        ) : null}
        {!addresses ? (
          <p className="text-danger">{t('error')}</p>
        ) : addresses.length === 0 ? (
          <p className="text-ink-muted">{t('addresses.empty')}</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2" data-testid="addresses">
            {addresses.map((address) => {
              const name = addressName(address, t('addresses.unnamed'));
              return (
                <li key={address.ID} className="rounded-md border border-line p-4">
                  {editingAddress?.ID === address.ID && address.Editable && can.editAddresses ? (
                    <AddressForm
                      action={saveAddressAction.bind(null, locale, address.ID)}
                      defaults={Object.fromEntries(
                        ADDRESS_FIELDS.map((field) => [field, (address[field] as string | undefined) ?? '']),
                      )}
                      countries={countries}
                      labels={addressLabels}
                    />
                  ) : (
                    <>
                      <div className="flex flex-wrap items-center gap-2">
                        <h3 className="font-semibold">{name}</h3>
                        {address.Shipping ? <Badge>{t('addresses.shipping')}</Badge> : null}
                        {address.Billing ? <Badge>{t('addresses.billing')}</Badge> : null}
                        {addressValidity(address) === 'closed' ? (
                          <Badge tone="danger">
                            {t('addresses.closed', {
                              date:
                                day((address.xp as { ValidTo?: string } | undefined)?.ValidTo, locale) ?? '',
                            })}
                          </Badge>
                        ) : null}
                      </div>
                      <address className="mt-2 not-italic text-ink-muted">
                        {[
                          address.CompanyName,
                          address.Street1,
                          address.Street2,
                          `${address.Zip} ${address.City}`,
                          address.Country,
                        ]
                          .filter(Boolean)
                          .join(', ')}
                      </address>
                      {address.Editable && can.editAddresses ? (
                        <div className="mt-3 flex flex-wrap gap-3">
                          <Link
                            href={`/account?address=${encodeURIComponent(address.ID as string)}#addresses`}
                            className="button-secondary"
                            aria-label={t('addresses.editAddress', { name })}
                          >
                            {t('addresses.edit')}
                          </Link>
                          <form action={deleteAddressAction.bind(null, locale, address.ID as string)}>
                            <button
                              type="submit"
                              className="inline-flex items-center rounded-md border border-danger px-3 py-1.5 text-sm font-semibold text-danger hover:bg-danger-soft"
                              aria-label={t('addresses.deleteAddress', { name })}
                            >
                              {t('addresses.delete')}
                            </button>
                          </form>
                        </div>
                      ) : (
                        <p className="mt-3 text-sm text-ink-muted">{t('addresses.managed')}</p>
                      )}
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </Section>

      <Section title={t('company.title')} id="account-company">
        {companyKnown ? (
          <dl className="grid gap-x-8 gap-y-3 sm:grid-cols-2" data-testid="company-details">
            {company ? (
              <div>
                <dt className="text-sm text-ink-muted">{t('company.name')}</dt>
                <dd className="font-medium">{company.Name}</dd>
              </div>
            ) : null}
            <div>
              <dt className="text-sm text-ink-muted">{t('company.customerNumber')}</dt>
              <dd className="font-medium">{companyXp.ErpId ?? none}</dd>
            </div>
            <div>
              <dt className="text-sm text-ink-muted">{t('company.vatNumber')}</dt>
              <dd className="font-medium">{companyXp.VatNumber ?? none}</dd>
            </div>
            <div>
              <dt className="text-sm text-ink-muted">{t('company.invoiceEmail')}</dt>
              <dd className="font-medium">{companyXp.InvoiceEmail ?? none}</dd>
            </div>
            <div>
              <dt className="text-sm text-ink-muted">{t('company.creditHold')}</dt>
              <dd className="font-medium">
                {companyXp.CreditHold ? t('company.creditHoldOn') : t('company.creditHoldOff')}
              </dd>
            </div>
          </dl>
        ) : (
          <p className="text-ink-muted">{t('company.notShown')}</p>
        )}
      </Section>

      {can.manageUsers ? (
        <Section
          title={t('users.title')}
          id="account-users"
          actions={
            can.adminUsers ? (
              <Link href="/account/users" className="button-secondary" data-testid="manage-users-link">
                {t('users.manage')}
              </Link>
            ) : null
          }
        >
          {!users ? (
            <p className="text-danger">{t('users.error')}</p>
          ) : users.length === 0 ? (
            <p className="text-ink-muted">{t('users.empty')}</p>
          ) : (
            <ScrollRegion labelledBy="account-users">
              <table className="w-full min-w-[36rem] border-collapse text-left" data-testid="company-users">
                <caption className="sr-only">
                  {t('users.caption', { company: company?.Name ?? buyer.companyId })}
                </caption>
                <thead>
                  <tr className="border-b border-line-strong text-sm text-ink-muted">
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('users.name')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('users.email')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('users.roles')}
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      {t('users.status')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {users.map(({ user: member, groupIds }) => (
                    <tr key={member.ID} className="border-b border-line">
                      <th scope="row" className="py-2 pr-4 font-medium">
                        {[member.FirstName, member.LastName].filter(Boolean).join(' ') || member.Username}
                        {member.ID === user.ID ? (
                          <span className="font-normal text-ink-muted"> {t('users.you')}</span>
                        ) : null}
                      </th>
                      <td className="py-2 pr-4">{member.Email}</td>
                      <td className="py-2 pr-4">
                        <span className="flex flex-wrap gap-1">
                          {roleLabels(
                            member.ID === user.ID ? buyer.roles : member.AvailableRoles,
                            groupIds,
                            (member.xp as { Kind?: string } | undefined)?.Kind,
                          ).map((label) => (
                            <Badge key={label} tone={label === 'admin' ? 'brand' : 'neutral'}>
                              {t(`roles.${label}`)}
                            </Badge>
                          ))}
                        </span>
                      </td>
                      <td className="py-2">{member.Active ? t('users.active') : t('users.inactive')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </Section>
      ) : null}
    </div>
  );
}
