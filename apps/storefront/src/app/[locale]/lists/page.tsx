import type { OrderListSummary } from '@actuate/contracts';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { type ListAnswer, orderListIndex } from '@/backend/order-lists';
import { requireBuyer } from '@/backend/session';
import { createListAction } from '@/components/order-lists/actions';
import { ActionForm } from '@/components/shop/action-form';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';

export async function generateMetadata({ params }: PageProps<'/[locale]/lists'>): Promise<Metadata> {
  const t = await getTranslations({
    locale: localeOrDefault((await params).locale),
    namespace: 'OrderLists',
  });
  return { title: t('title') };
}

/** The buyer's order lists and the ones colleagues share, with a form for a new list. */
export default async function OrderListsPage({ params }: PageProps<'/[locale]/lists'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  const buyer = await requireBuyer(locale);
  const t = await getTranslations({ locale, namespace: 'OrderLists' });
  let index: ListAnswer<{ mine: OrderListSummary[]; shared: OrderListSummary[] }> | undefined;
  try {
    index = await orderListIndex(buyer.token);
  } catch (error) {
    console.warn(`[order-lists] index failed: ${String(error)}`);
  }
  const table = (lists: OrderListSummary[], id: string, empty: string, showOwner: boolean) =>
    lists.length === 0 ? (
      <p className="mt-2 text-ink-muted">{empty}</p>
    ) : (
      <ul className="mt-2 divide-y divide-line rounded-md border border-line" aria-labelledby={id}>
        {lists.map((list) => (
          <li key={list.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3">
            <Link
              href={`/lists/${list.id}`}
              className="font-medium text-brand underline underline-offset-2"
              data-testid="order-list-link"
            >
              {list.name}
            </Link>
            <span className="text-sm text-ink-muted">
              {[
                t('lineCount', { count: list.lineCount }),
                list.shared ? t('sharedBadge') : t('privateBadge'),
                showOwner && list.ownerName ? t('owner', { name: list.ownerName }) : null,
                t('updated', { date: new Date(list.updatedAt) }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="py-8">
      <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
      <p className="mt-2 max-w-prose text-ink-muted">{t('intro')}</p>
      {!index?.ok ? (
        <p role="alert" className="mt-4 text-danger">
          {t('messages.failed')}
        </p>
      ) : (
        <>
          <section className="mt-6" aria-labelledby="my-lists">
            <h2 id="my-lists" className="text-xl font-semibold">
              {t('mine')}
            </h2>
            {table(index.value.mine, 'my-lists', t('noneMine'), false)}
          </section>
          <section className="mt-6" aria-labelledby="shared-lists">
            <h2 id="shared-lists" className="text-xl font-semibold">
              {t('sharedWithMe')}
            </h2>
            {table(index.value.shared, 'shared-lists', t('noneShared'), true)}
          </section>
        </>
      )}
      <section className="mt-8 max-w-md" aria-labelledby="new-list">
        <h2 id="new-list" className="text-xl font-semibold">
          {t('create.heading')}
        </h2>
        <ActionForm
          action={createListAction.bind(null, locale)}
          className="mt-2 space-y-3"
          label={t('create.heading')}
        >
          <div>
            <label htmlFor="new-list-name" className="block text-sm font-medium">
              {t('name')}
            </label>
            <input
              id="new-list-name"
              name="name"
              type="text"
              maxLength={80}
              required
              className="field-input w-full"
            />
          </div>
          <div className="flex items-center gap-2">
            <input id="new-list-shared" name="shared" type="checkbox" className="size-4" />
            <label htmlFor="new-list-shared">{t('shareWithCompany')}</label>
          </div>
          <button type="submit" className="button-primary py-2">
            {t('create.submit')}
          </button>
        </ActionForm>
      </section>
    </div>
  );
}
