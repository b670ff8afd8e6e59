import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { listCostCenters } from '@/backend/buyer-admin/platform';
import { requireBuyer } from '@/backend/session';
import { capabilitiesOf } from '@/components/account/roles';
import { AccountSections } from '@/components/account/section-nav';
import { Notice, PageHeader } from '@/components/account/ui';
import { localeOrDefault } from '@/i18n/routing';
import { deleteCostCenterAction, saveCostCenterAction } from './actions';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/account/cost-centers'>): Promise<Metadata> {
  const t = await getTranslations({
    locale: localeOrDefault((await params).locale),
    namespace: 'BuyerAdmin.costCenters',
  });
  return { title: t('title') };
}

const ERRORS = new Set(['nameInvalid', 'invalid', 'forbidden', 'failed']);

/** The cost centers buyers pick from at checkout: add, rename, remove (buyer admins only). */
export default async function CostCentersPage({
  params,
  searchParams,
}: PageProps<'/[locale]/account/cost-centers'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  const [t, buyer, query] = await Promise.all([
    getTranslations({ locale, namespace: 'BuyerAdmin.costCenters' }),
    requireBuyer(locale),
    searchParams,
  ]);
  const allowed = capabilitiesOf(buyer.roles).manageCostCenters;
  const centers = allowed
    ? await listCostCenters(buyer.token, buyer.companyId).catch((error) => {
        console.warn(`[cost-centers] list failed: ${String(error)}`);
        return undefined;
      })
    : undefined;
  const error = typeof query.error === 'string' && ERRORS.has(query.error) ? query.error : undefined;
  const done = query.done === 'saved' || query.done === 'deleted' ? query.done : undefined;
  return (
    <div className="pb-12">
      <AccountSections locale={locale} current="costCenters" buyer={buyer} />
      <PageHeader title={t('title')} intro={t('intro')} />
      {done ? (
        <Notice tone="success" alert testId="cost-centers-done">
          {t(done)}
        </Notice>
      ) : null}
      {error ? (
        <Notice tone="danger" alert testId="cost-centers-error">
          {t(`errors.${error}` as 'errors.failed')}
        </Notice>
      ) : null}
      {!allowed ? (
        <Notice tone="danger">{t('forbidden')}</Notice>
      ) : !centers ? (
        <Notice tone="danger" alert>
          {t('error')}
        </Notice>
      ) : (
        <>
          <form
            action={saveCostCenterAction.bind(null, locale, undefined)}
            className="mt-4 flex max-w-xl flex-wrap items-end gap-3"
            aria-label={t('addTitle')}
          >
            <label className="grid min-w-0 flex-1 gap-1" htmlFor="cost-center-new">
              {t('name')}
              <input id="cost-center-new" name="name" required maxLength={60} className="field-input" />
            </label>
            <button type="submit" className="button-primary">
              {t('add')}
            </button>
          </form>
          {centers.length === 0 ? (
            <p className="py-10 text-center text-ink-muted">{t('empty')}</p>
          ) : (
            <ul
              className="mt-6 divide-y divide-line rounded-lg border border-line"
              data-testid="cost-centers"
            >
              {centers.map((center) => (
                <li
                  key={center.id}
                  className="flex flex-wrap items-end gap-3 p-4"
                  data-cost-center={center.name}
                >
                  <form
                    action={saveCostCenterAction.bind(null, locale, center.id)}
                    className="flex min-w-0 flex-1 flex-wrap items-end gap-3"
                  >
                    <label className="grid min-w-0 flex-1 gap-1" htmlFor={`cost-center-${center.id}`}>
                      {t('rename', { name: center.name })}
                      <input
                        id={`cost-center-${center.id}`}
                        name="name"
                        required
                        maxLength={60}
                        defaultValue={center.name}
                        className="field-input"
                      />
                    </label>
                    <button
                      type="submit"
                      className="button-secondary"
                      aria-label={t('saveLabel', { name: center.name })}
                    >
                      {t('save')}
                    </button>
                  </form>
                  <form action={deleteCostCenterAction.bind(null, locale, center.id)}>
                    <button
                      type="submit"
                      className="button-secondary"
                      aria-label={t('deleteLabel', { name: center.name })}
                    >
                      {t('delete')}
                    </button>
                  </form>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
