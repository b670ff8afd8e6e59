import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { type Budget, listBudgets, listGroups, listUsers, type Party } from '@/backend/buyer-admin/platform';
import { requireBuyer } from '@/backend/session';
import { capabilitiesOf } from '@/components/account/roles';
import { AccountSections } from '@/components/account/section-nav';
import { Notice, PageHeader } from '@/components/account/ui';
import { day } from '@/components/orders/format';
import { formatMoney } from '@/format/money';
import { Link } from '@/i18n/link';
import { type AppLocale, localeOrDefault } from '@/i18n/routing';
import { deleteBudgetAction, saveBudgetAction } from './actions';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/account/budgets'>): Promise<Metadata> {
  const t = await getTranslations({
    locale: localeOrDefault((await params).locale),
    namespace: 'BuyerAdmin.budgets',
  });
  return { title: t('title') };
}

const ERRORS = new Set([
  'nameInvalid',
  'amountInvalid',
  'periodInvalid',
  'holderInvalid',
  'invalid',
  'forbidden',
  'failed',
]);

/** The company's budgets (spending accounts) per user group or user: balance, period, may be exceeded. */
export default async function BudgetsPage({ params, searchParams }: PageProps<'/[locale]/account/budgets'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  const [t, buyer, query] = await Promise.all([
    getTranslations({ locale, namespace: 'BuyerAdmin.budgets' }),
    requireBuyer(locale),
    searchParams,
  ]);
  const allowed = capabilitiesOf(buyer.roles).manageBudgets;
  const data = allowed
    ? await Promise.all([
        listBudgets(buyer.token, buyer.companyId),
        listGroups(buyer.token, buyer.companyId),
        listUsers(buyer.token, buyer.companyId),
      ]).catch((error) => {
        console.warn(`[budgets] list failed: ${String(error)}`);
        return undefined;
      })
    : undefined;
  const edit = typeof query.edit === 'string' ? query.edit : undefined;
  const error = typeof query.error === 'string' && ERRORS.has(query.error) ? query.error : undefined;
  const done = query.done === 'saved' || query.done === 'deleted' ? query.done : undefined;
  const holder = (budget: Budget) =>
    budget.groupId
      ? t('holderGroup', {
          name: data?.[1].find((group) => group.id === budget.groupId)?.name ?? budget.groupId,
        })
      : budget.userId
        ? t('holderUser', {
            name: data?.[2].find((user) => user.id === budget.userId)?.name ?? budget.userId,
          })
        : t('holderCompany');
  return (
    <div className="pb-12">
      <AccountSections locale={locale} current="budgets" buyer={buyer} />
      <PageHeader title={t('title')} intro={t('intro')}>
        {allowed && data && edit !== 'new' ? (
          <Link href="/account/budgets?edit=new" className="button-secondary">
            {t('add')}
          </Link>
        ) : null}
      </PageHeader>
      {done ? (
        <Notice tone="success" alert testId="budgets-done">
          {t(done)}
        </Notice>
      ) : null}
      {error ? (
        <Notice tone="danger" alert testId="budgets-error">
          {t(`errors.${error}` as 'errors.failed')}
        </Notice>
      ) : null}
      {!allowed ? (
        <Notice tone="danger">{t('forbidden')}</Notice>
      ) : !data ? (
        <Notice tone="danger" alert>
          {t('error')}
        </Notice>
      ) : (
        <>
          {edit === 'new' ? (
            <BudgetForm locale={locale} currency={buyer.currency} groups={data[1]} users={data[2]} />
          ) : null}
          {data[0].length === 0 ? (
            <p className="py-10 text-center text-ink-muted">{t('empty')}</p>
          ) : (
            <ul className="mt-4 space-y-6" data-testid="budgets">
              {data[0].map((budget) => {
                const account = budget.account;
                const name = account.Name ?? account.ID ?? '';
                return (
                  <li key={account.ID} data-budget-id={account.ID}>
                    <article
                      aria-labelledby={`budget-${account.ID}`}
                      className="rounded-lg border border-line p-4 sm:p-6"
                    >
                      <h2 id={`budget-${account.ID}`} className="text-xl font-semibold break-words">
                        {name}
                      </h2>
                      <dl className="mt-3 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-6 gap-y-1">
                        <dt className="text-ink-muted">{t('holder')}</dt>
                        <dd>{holder(budget)}</dd>
                        <dt className="text-ink-muted">{t('balance')}</dt>
                        <dd>{formatMoney(account.Balance, buyer.currency, locale)}</dd>
                        <dt className="text-ink-muted">{t('period')}</dt>
                        <dd>
                          {t('periodValue', {
                            start: day(account.StartDate, locale) ?? t('open'),
                            end: day(account.EndDate, locale) ?? t('open'),
                          })}
                        </dd>
                        <dt className="text-ink-muted">{t('exceed')}</dt>
                        <dd>{budget.allowExceed ? t('exceedYes') : t('exceedNo')}</dd>
                      </dl>
                      {edit === account.ID ? (
                        <BudgetForm
                          locale={locale}
                          currency={buyer.currency}
                          budget={budget}
                          groups={[]}
                          users={[]}
                        />
                      ) : (
                        <div className="mt-3 flex flex-wrap gap-3">
                          <Link
                            href={`/account/budgets?edit=${encodeURIComponent(account.ID ?? '')}`}
                            className="button-secondary"
                            aria-label={t('editLabel', { name })}
                          >
                            {t('edit')}
                          </Link>
                          <form action={deleteBudgetAction.bind(null, locale, account.ID ?? '')}>
                            <button
                              type="submit"
                              className="button-secondary"
                              aria-label={t('deleteLabel', { name })}
                            >
                              {t('delete')}
                            </button>
                          </form>
                        </div>
                      )}
                    </article>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

async function BudgetForm({
  locale,
  currency,
  budget,
  groups,
  users,
}: {
  readonly locale: AppLocale;
  readonly currency: string;
  readonly budget?: Budget;
  readonly groups: Party[];
  readonly users: Party[];
}) {
  const t = await getTranslations({ locale, namespace: 'BuyerAdmin.budgets' });
  const account = budget?.account;
  const prefix = account?.ID ?? 'new';
  return (
    <form
      action={saveBudgetAction.bind(null, locale, account?.ID)}
      className="mt-4 grid max-w-xl gap-4 rounded-lg border border-line p-4"
      aria-label={budget ? t('editTitle') : t('addTitle')}
      data-testid="budget-form"
    >
      <label className="grid gap-1" htmlFor={`${prefix}-name`}>
        {t('name')}
        <input
          id={`${prefix}-name`}
          name="name"
          required
          maxLength={100}
          className="field-input"
          defaultValue={account?.Name ?? ''}
        />
      </label>
      {budget ? null : (
        <label className="grid gap-1" htmlFor={`${prefix}-holder`}>
          {t('holder')}
          <select id={`${prefix}-holder`} name="holder" className="field-input">
            <optgroup label={t('groups')}>
              {groups.map((group) => (
                <option key={group.id} value={`group:${group.id}`}>
                  {group.name}
                </option>
              ))}
            </optgroup>
            <optgroup label={t('users')}>
              {users.map((user) => (
                <option key={user.id} value={`user:${user.id}`}>
                  {user.name}
                </option>
              ))}
            </optgroup>
          </select>
        </label>
      )}
      <label className="grid gap-1" htmlFor={`${prefix}-balance`}>
        {t('balanceInput', { currency })}
        <input
          id={`${prefix}-balance`}
          name="balance"
          required
          inputMode="decimal"
          className="field-input"
          defaultValue={account?.Balance === undefined ? '' : String(account.Balance)}
        />
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="grid gap-1" htmlFor={`${prefix}-start`}>
          {t('start')}
          <input
            id={`${prefix}-start`}
            name="start"
            type="date"
            className="field-input"
            defaultValue={account?.StartDate?.slice(0, 10) ?? ''}
          />
        </label>
        <label className="grid gap-1" htmlFor={`${prefix}-end`}>
          {t('end')}
          <input
            id={`${prefix}-end`}
            name="end"
            type="date"
            className="field-input"
            defaultValue={account?.EndDate?.slice(0, 10) ?? ''}
          />
        </label>
      </div>
      <label className="flex items-center gap-2">
        <input type="checkbox" name="allowExceed" defaultChecked={budget?.allowExceed ?? false} />
        {t('exceedInput')}
      </label>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="button-primary">
          {t('save')}
        </button>
        <Link href="/account/budgets" className="button-secondary">
          {t('cancel')}
        </Link>
      </div>
    </form>
  );
}
