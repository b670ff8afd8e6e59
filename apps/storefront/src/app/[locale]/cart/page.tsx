import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { availabilityOf } from '@/backend/availability';
import { getCart, MAX_QUANTITY } from '@/backend/cart';
import { getSalesItem } from '@/backend/catalog';
import { requireBuyer } from '@/backend/session';
import { capabilitiesOf } from '@/components/account/roles';
import { AddToList, listLinesOf } from '@/components/order-lists/add-to-list';
import { requestQuoteAction } from '@/components/quotes/actions';
import { ActionForm } from '@/components/shop/action-form';
import { goToCheckout, promotionAction, quickOrderAction, updateLineAction } from '@/components/shop/actions';
import { cartTotals } from '@/components/shop/cart-totals';
import { ExportLinks } from '@/components/shop/export-links';
import { catalogTexts } from '@/format/catalog-texts';
import { formatMoney } from '@/format/money';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';

export async function generateMetadata({ params }: PageProps<'/[locale]/cart'>): Promise<Metadata> {
  const t = await getTranslations({ locale: localeOrDefault((await params).locale), namespace: 'Cart' });
  return { title: t('title') };
}

/** The cart: the buyer's unsubmitted order with its lines, quantities, promotion codes and totals. */
export default async function CartPage({ params }: PageProps<'/[locale]/cart'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  const buyer = await requireBuyer(locale);
  const t = await getTranslations({ locale, namespace: 'Cart' });
  const cart = await getCart(buyer.token);
  const currency = cart?.order.Currency ?? buyer.currency;
  const money = (amount: number | null | undefined) => formatMoney(amount, currency, locale);
  const lines = cart?.lines ?? [];
  // The line's product as it is now (a line keeps a snapshot from when it was added): an item blocked
  // or phased out since is flagged with its successor.
  const tAvailability = await getTranslations({ locale, namespace: 'ItemAvailability' });
  const now = new Date();
  const notOrderable = new Map(
    (
      await Promise.all(
        [...new Set(lines.map((line) => line.ProductID ?? ''))].map(async (id) => {
          const product = id ? await getSalesItem(buyer.token, id) : undefined;
          const availability = product
            ? availabilityOf(product, buyer.customer?.salesCompanyId, now)
            : undefined;
          return [id, availability] as const;
        }),
      )
    ).filter(([, availability]) => availability && !availability.orderable),
  );
  const totals = cartTotals(cart?.order);

  const quickOrder = (
    <section aria-labelledby="quick-order-heading" className="rounded-lg border border-line p-4">
      <h2 id="quick-order-heading" className="font-semibold">
        {t('quickOrder')}
      </h2>
      <Link href="/quick-order" className="text-sm text-brand underline underline-offset-2">
        {t('quickOrderPage')}
      </Link>
      <ActionForm action={quickOrderAction.bind(null, locale)} className="mt-2">
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="quick-sku" className="block text-sm font-medium">
              {t('salesItemNumber')}
            </label>
            <input
              id="quick-sku"
              name="salesItemNumber"
              required
              pattern="[A-Za-z][0-9]{5}"
              maxLength={6}
              placeholder="A10001"
              autoComplete="off"
              className="field-input w-32 font-mono uppercase"
            />
          </div>
          <div>
            <label htmlFor="quick-qty" className="block text-sm font-medium">
              {t('quantity')}
            </label>
            <input
              id="quick-qty"
              name="quantity"
              type="number"
              min={1}
              max={MAX_QUANTITY}
              defaultValue={1}
              className="field-input w-24"
            />
          </div>
          <button type="submit" className="button-primary py-2">
            {t('add')}
          </button>
        </div>
      </ActionForm>
    </section>
  );

  const tQuotes = await getTranslations({ locale, namespace: 'Quotes.request' });
  const requestQuote = (
    <section aria-labelledby="request-quote-heading" className="rounded-lg border border-line p-4">
      <h2 id="request-quote-heading" className="font-semibold">
        {tQuotes('heading')}
      </h2>
      <p className="text-sm text-ink-muted">{tQuotes('hint')}</p>
      <ActionForm action={requestQuoteAction.bind(null, locale)} className="mt-2">
        <label htmlFor="quote-message" className="block text-sm font-medium">
          {tQuotes('message')}
        </label>
        <textarea
          id="quote-message"
          name="message"
          required
          maxLength={2000}
          rows={3}
          className="field-input w-full"
        />
        <button type="submit" className="button-secondary mt-2 py-2">
          {tQuotes('send')}
        </button>
      </ActionForm>
      <Link href="/quotes" className="mt-2 inline-block text-sm text-brand underline underline-offset-2">
        {tQuotes('all')}
      </Link>
    </section>
  );

  return (
    <div className="py-8">
      <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
      {lines.length === 0 ? (
        <div className="mt-6 space-y-6">
          <div className="rounded-md border border-line bg-surface-muted p-6">
            <p className="font-semibold">{t('empty')}</p>
            <Link href="/catalog" className="button-secondary mt-3">
              {t('browse')}
            </Link>
          </div>
          {quickOrder}
        </div>
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
          <div className="min-w-0 space-y-6">
            <table className="block w-full text-sm sm:table">
              <caption className="sr-only">{t('linesCaption')}</caption>
              <thead className="sr-only sm:not-sr-only sm:table-header-group">
                <tr className="border-b border-line-strong text-left">
                  <th scope="col" className="py-2">
                    {t('item')}
                  </th>
                  <th scope="col" className="py-2">
                    {t('quantity')}
                  </th>
                  <th scope="col" className="py-2 text-right">
                    {t('unitPrice')}
                  </th>
                  <th scope="col" className="py-2 text-right">
                    {t('lineTotal')}
                  </th>
                </tr>
              </thead>
              <tbody className="block sm:table-row-group">
                {lines.map((line) => {
                  const unavailable = notOrderable.get(line.ProductID ?? '');
                  const facets =
                    (line.Product?.xp as { Facets?: Record<string, unknown> } | undefined)?.Facets ?? {};
                  const summary = ['strokeLength', 'maxLoadPush', 'voltage', 'feedback']
                    .map((key) => facets[key])
                    .map((v) => (typeof v === 'string' ? v : (v as { label?: string } | undefined)?.label))
                    .filter(Boolean)
                    .join(' · ');
                  return (
                    <tr
                      key={line.ID}
                      className="grid grid-cols-2 gap-x-3 border-b border-line py-2 align-top sm:table-row sm:py-0"
                    >
                      <td className="col-span-2 py-1 pr-2 sm:py-3">
                        <Link
                          href={`/items/${encodeURIComponent(line.ProductID ?? '')}`}
                          className="font-medium text-brand underline-offset-2 hover:underline"
                        >
                          {catalogTexts(locale).productName(line.Product, line.ProductID)}
                        </Link>
                        <p className="font-mono text-xs text-ink-muted">{line.ProductID}</p>
                        {unavailable ? (
                          <p className="text-sm font-medium" data-testid="line-not-orderable">
                            {tAvailability('lineNotOrderable')}{' '}
                            {unavailable.successor ? (
                              <Link
                                href={`/items/${encodeURIComponent(unavailable.successor ?? '')}`}
                                className="text-brand underline underline-offset-2"
                              >
                                {tAvailability('successor', {
                                  item: unavailable.successor ?? '',
                                })}
                              </Link>
                            ) : null}
                          </p>
                        ) : null}
                        {summary ? <p className="text-xs text-ink-muted">{summary}</p> : null}
                        {(line.Specs ?? []).length > 0 ? (
                          <ul className="text-xs text-ink-muted">
                            {(line.Specs ?? []).map((spec) => (
                              <li key={spec.SpecID}>
                                {spec.Name}: {spec.Value}
                              </li>
                            ))}
                          </ul>
                        ) : null}
                      </td>
                      <td className="col-span-2 py-1 pr-2 sm:py-3">
                        <ActionForm
                          action={updateLineAction.bind(null, locale)}
                          label={t('changeLine', { item: line.ProductID ?? '' })}
                        >
                          <input type="hidden" name="lineId" value={line.ID ?? ''} />
                          <label htmlFor={`qty-${line.ID}`} className="sr-only">
                            {t('quantityOf', { item: line.ProductID ?? '' })}
                          </label>
                          <div className="flex flex-wrap gap-1">
                            <input
                              id={`qty-${line.ID}`}
                              name="quantity"
                              type="number"
                              min={1}
                              max={MAX_QUANTITY}
                              defaultValue={line.Quantity}
                              className="field-input mt-0 w-20"
                            />
                            <button type="submit" name="intent" value="update" className="button-secondary">
                              {t('update')}
                            </button>
                            <button type="submit" name="intent" value="remove" className="button-secondary">
                              {t('remove')}
                            </button>
                          </div>
                        </ActionForm>
                      </td>
                      <td className="py-1 sm:py-3 sm:text-right">
                        <span className="block text-xs text-ink-muted sm:hidden">{t('unitPrice')}</span>
                        {money(line.UnitPrice)}
                      </td>
                      <td className="py-1 text-right font-medium sm:py-3">
                        <span className="block text-xs font-normal text-ink-muted sm:hidden">
                          {t('lineTotal')}
                        </span>
                        {money(line.LineTotal)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <ExportLinks locale={locale} path="/cart" />
            <AddToList locale={locale} token={buyer.token} lines={listLinesOf(lines)} idPrefix="cart-list" />
            {requestQuote}
            {quickOrder}
          </div>

          <aside
            aria-labelledby="totals-heading"
            className="h-fit space-y-4 rounded-lg border border-line p-4"
          >
            <h2 id="totals-heading" className="text-xl font-semibold">
              {t('summary')}
            </h2>
            <dl className="space-y-1 text-sm">
              <div className="flex justify-between">
                <dt>{t('subtotal')}</dt>
                <dd data-testid="cart-subtotal">{money(totals.subtotal)}</dd>
              </div>
              {totals.discount > 0 ? (
                <div className="flex justify-between">
                  <dt>{t('discount')}</dt>
                  <dd data-testid="cart-discount">−{money(totals.discount)}</dd>
                </div>
              ) : null}
              <div className="flex justify-between font-semibold">
                <dt>{t('total')}</dt>
                <dd data-testid="cart-total">{money(totals.total)}</dd>
              </div>
            </dl>
            <p className="text-xs text-ink-muted">{t('totalsNote')}</p>

            <div>
              <h3 className="font-medium">{t('promotions')}</h3>
              {/* One form, so its answer (also "removed") stays on the page while the list changes. The
                  code field and Apply come first: Enter in the field must apply, not remove. */}
              <ActionForm
                action={promotionAction.bind(null, locale)}
                className="mt-2"
                label={t('promotions')}
                messageId="promo-code-message"
              >
                <label htmlFor="promo-code" className="block text-sm">
                  {t('promotionCode')}
                </label>
                <div className="flex gap-2">
                  <input
                    id="promo-code"
                    name="code"
                    required
                    aria-describedby="promo-code-message"
                    maxLength={100}
                    autoComplete="off"
                    className="field-input mt-0"
                  />
                  <button type="submit" name="intent" value="apply" className="button-secondary">
                    {t('apply')}
                  </button>
                </div>
                {(cart?.promotions ?? []).length > 0 ? (
                  <ul className="mt-2 space-y-1 text-sm" data-testid="cart-promotions">
                    {(cart?.promotions ?? []).map((promotion) => (
                      <li key={promotion.Code} className="flex items-center justify-between gap-2">
                        <span>
                          <span className="font-mono">{promotion.Code}</span> −{money(promotion.Amount)}
                        </span>
                        <button
                          type="submit"
                          name="remove"
                          value={promotion.Code ?? ''}
                          formNoValidate
                          className="button-secondary"
                          aria-label={t('removePromotion', { code: promotion.Code ?? '' })}
                        >
                          {t('remove')}
                        </button>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </ActionForm>
            </div>

            <form action={goToCheckout.bind(null, locale)}>
              <button type="submit" className="button-primary w-full">
                {t('checkout')}
              </button>
            </form>
            {capabilitiesOf(buyer.roles).subscribe ? (
              <Link
                href="/subscriptions/new"
                className="button-secondary w-full"
                data-testid="make-recurring"
              >
                {t('makeRecurring')}
              </Link>
            ) : null}
          </aside>
        </div>
      )}
    </div>
  );
}
