import type { OrderListDetail, OrderListLine } from '@actuate/contracts';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { MAX_QUANTITY } from '@/backend/cart';
import { type ListAnswer, orderList } from '@/backend/order-lists';
import { requireBuyer } from '@/backend/session';
import {
  deleteListAction,
  listToCartAction,
  removeListLineAction,
  setListLineAction,
  updateListAction,
} from '@/components/order-lists/actions';
import { ActionForm } from '@/components/shop/action-form';
import { Link } from '@/i18n/link';
import { type AppLocale, localeOrDefault } from '@/i18n/routing';

const TO_CART_FORM = 'list-to-cart';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function generateMetadata({ params }: PageProps<'/[locale]/lists/[id]'>): Promise<Metadata> {
  const t = await getTranslations({
    locale: localeOrDefault((await params).locale),
    namespace: 'OrderLists',
  });
  return { title: t('title') };
}

async function LineState({ locale, line }: { readonly locale: AppLocale; readonly line: OrderListLine }) {
  if (line.status === 'ok') return null;
  const t = await getTranslations({ locale, namespace: 'ItemAvailability' });
  const tLists = await getTranslations({ locale, namespace: 'OrderLists' });
  const state =
    line.status === 'notVisible'
      ? tLists('notVisible')
      : line.productState === 'Blocked' ||
          line.productState === 'Discontinued' ||
          line.productState === 'ComingSoon'
        ? t(`state${line.productState}`)
        : t('lineNotOrderable');
  return (
    <span className="mt-1 block text-sm text-danger" data-testid="line-state">
      {state}
      {line.successor ? (
        <>
          {' '}
          <Link
            href={`/items/${encodeURIComponent(line.successor)}`}
            className="underline underline-offset-2"
          >
            {t('successorLink', { item: line.successor })}
          </Link>
        </>
      ) : null}
    </span>
  );
}

/** One order list: its lines as the buyer sees the items now; the owner edits, everyone who sees it orders. */
export default async function OrderListPage({ params }: PageProps<'/[locale]/lists/[id]'>) {
  const { locale: raw, id } = await params;
  const locale = localeOrDefault(raw);
  setRequestLocale(locale);
  const buyer = await requireBuyer(locale);
  if (!UUID.test(id)) notFound();
  const t = await getTranslations({ locale, namespace: 'OrderLists' });
  let found: ListAnswer<OrderListDetail> | undefined;
  try {
    found = await orderList(buyer.token, id);
  } catch (error) {
    console.warn(`[order-lists] ${id} failed: ${String(error)}`);
  }
  if (found && !found.ok) notFound();
  if (!found?.ok) {
    return (
      <div className="py-8">
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        <p role="alert" className="mt-4 text-danger">
          {t('messages.failed')}
        </p>
      </div>
    );
  }
  const list = found.value;
  const owner = list.mine;
  return (
    <div className="py-8">
      <nav aria-label={t('breadcrumb')} className="text-sm">
        <Link href="/lists" className="text-brand underline underline-offset-2">
          {t('backToLists')}
        </Link>
      </nav>
      <h1 className="mt-2 text-3xl font-bold tracking-tight" data-testid="list-name">
        {list.name}
      </h1>
      <p className="mt-1 text-ink-muted">
        {[
          list.shared ? t('sharedBadge') : t('privateBadge'),
          !owner && list.ownerName ? t('owner', { name: list.ownerName }) : null,
          t('updated', { date: new Date(list.updatedAt) }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>

      {list.lines.length === 0 ? (
        <p className="mt-6">{t('empty')}</p>
      ) : (
        <>
          <table className="mt-6 w-full text-left">
            <caption className="sr-only">{t('linesCaption', { name: list.name })}</caption>
            <thead className="hidden border-b border-line sm:table-header-group">
              <tr>
                <th scope="col" className="py-2 pr-2">
                  <span className="sr-only">{t('select')}</span>
                </th>
                <th scope="col" className="py-2 pr-2">
                  {t('item')}
                </th>
                <th scope="col" className="py-2 pr-2">
                  {t('quantity')}
                </th>
                {owner ? (
                  <th scope="col" className="py-2">
                    <span className="sr-only">{t('remove')}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {list.lines.map((line) => (
                <tr
                  key={line.id}
                  className="grid grid-cols-[auto_1fr] gap-x-3 border-b border-line py-3 sm:table-row"
                  data-testid="list-line"
                >
                  <td className="row-span-3 pt-1 sm:py-3 sm:pr-2 sm:align-top">
                    <input
                      type="checkbox"
                      name="lineId"
                      value={line.id}
                      form={TO_CART_FORM}
                      disabled={line.status !== 'ok'}
                      aria-label={t('selectLine', { item: line.productId })}
                      className="size-4"
                    />
                  </td>
                  <td className="sm:py-3 sm:pr-2 sm:align-top">
                    <Link
                      href={`/items/${encodeURIComponent(line.productId)}`}
                      className="font-mono text-brand underline underline-offset-2"
                    >
                      {line.productId}
                    </Link>
                    {line.productName ? <span className="block">{line.productName}</span> : null}
                    {line.specs.length > 0 ? (
                      <ul className="text-sm text-ink-muted">
                        {line.specs.map((spec) => (
                          <li key={spec.SpecID}>
                            {spec.SpecID}: {spec.Value ?? spec.OptionID}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    <LineState locale={locale} line={line} />
                  </td>
                  <td className="sm:py-3 sm:pr-2 sm:align-top">
                    {owner ? (
                      <ActionForm
                        action={setListLineAction.bind(null, locale, list.id, line.id)}
                        label={t('quantityOf', { item: line.productId })}
                        className="flex flex-wrap items-end gap-2"
                      >
                        <label htmlFor={`quantity-${line.id}`} className="sr-only">
                          {t('quantityOf', { item: line.productId })}
                        </label>
                        <input
                          id={`quantity-${line.id}`}
                          name="quantity"
                          type="number"
                          inputMode="numeric"
                          min={1}
                          max={MAX_QUANTITY}
                          defaultValue={line.quantity}
                          className="field-input w-24"
                        />
                        <button type="submit" className="button-secondary py-2">
                          {t('save')}
                        </button>
                      </ActionForm>
                    ) : (
                      <span>
                        <span className="text-sm text-ink-muted sm:hidden">{t('quantity')}: </span>
                        {line.quantity}
                      </span>
                    )}
                  </td>
                  {owner ? (
                    <td className="sm:py-3 sm:align-top">
                      <ActionForm
                        action={removeListLineAction.bind(null, locale, list.id, line.id)}
                        label={t('removeLine', { item: line.productId })}
                      >
                        <button type="submit" className="text-sm text-danger underline underline-offset-2">
                          {t('remove')}
                          <span className="sr-only"> {line.productId}</span>
                        </button>
                      </ActionForm>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
          <ActionForm
            action={listToCartAction.bind(null, locale, list.id)}
            id={TO_CART_FORM}
            label={t('toCart.label')}
            className="mt-4"
          >
            <div className="flex flex-wrap gap-3">
              <button type="submit" name="which" value="all" className="button-primary py-2">
                {t('toCart.all')}
              </button>
              <button type="submit" name="which" value="selected" className="button-secondary py-2">
                {t('toCart.selected')}
              </button>
              <Link href="/cart" className="self-center text-brand underline underline-offset-2">
                {t('toCart.viewCart')}
              </Link>
            </div>
          </ActionForm>
        </>
      )}

      {owner ? (
        <section className="mt-8 max-w-md" aria-labelledby="list-settings">
          <h2 id="list-settings" className="text-xl font-semibold">
            {t('settings')}
          </h2>
          <ActionForm
            action={updateListAction.bind(null, locale, list.id)}
            className="mt-2 space-y-3"
            label={t('settings')}
          >
            <div>
              <label htmlFor="list-name" className="block text-sm font-medium">
                {t('name')}
              </label>
              <input
                id="list-name"
                name="name"
                type="text"
                maxLength={80}
                defaultValue={list.name}
                className="field-input w-full"
              />
            </div>
            <div className="flex items-center gap-2">
              <input
                id="list-shared"
                name="shared"
                type="checkbox"
                defaultChecked={list.shared}
                className="size-4"
              />
              <label htmlFor="list-shared">{t('shareWithCompany')}</label>
            </div>
            <button type="submit" className="button-primary py-2">
              {t('saveSettings')}
            </button>
          </ActionForm>
          <ActionForm
            action={deleteListAction.bind(null, locale, list.id)}
            className="mt-6"
            label={t('delete')}
          >
            <button type="submit" className="button-secondary py-2 text-danger">
              {t('delete')}
            </button>
          </ActionForm>
        </section>
      ) : null}
    </div>
  );
}
