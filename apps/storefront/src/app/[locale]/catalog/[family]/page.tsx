import type { Metadata } from 'next';
import Form from 'next/form';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { MAX_QUANTITY } from '@/backend/cart';
import { facetLabel, familySalesItems, getFamily, toConfigurable } from '@/backend/catalog';
import { facetDefinitions } from '@/backend/facets';
import { customerItemPrice, priceBreaks } from '@/backend/prices';
import { catalogueVisitor } from '@/backend/visitor';
import { ActionForm } from '@/components/shop/action-form';
import { addToCartAction } from '@/components/shop/actions';
import { AutoSubmit } from '@/components/shop/auto-submit';
import {
  choicesFromSearchParams,
  configure,
  type Unavailability,
} from '@/components/shop/configurator-logic';
import { ProductImage } from '@/components/shop/product-image';
import { SignInForPrices } from '@/components/shop/sign-in-for-prices';
import { formatMoney } from '@/format/money';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/catalog/[family]'>): Promise<Metadata> {
  const { locale, family } = await params;
  const t = await getTranslations({ locale: localeOrDefault(locale), namespace: 'Configurator' });
  return { title: t('title', { family }) };
}

/** The configurator of a product family: choices in the URL, the resolved sales item, its price, add to cart. */
export default async function ConfiguratorPage({
  params,
  searchParams,
}: PageProps<'/[locale]/catalog/[family]'>) {
  const { locale: raw, family: familyId } = await params;
  const locale = localeOrDefault(raw);
  setRequestLocale(locale);
  // Signed out: the anonymous visitor's token, and no prices at all (none is computed or sent).
  const visitor = await catalogueVisitor(locale);
  const { buyer } = visitor;
  const t = await getTranslations({ locale, namespace: 'Configurator' });
  const tPrices = await getTranslations({ locale, namespace: 'Prices' });

  const [family, products, definitions] = await Promise.all([
    getFamily(visitor.token, familyId),
    familySalesItems(visitor.token, familyId),
    facetDefinitions(visitor.token),
  ]);
  if (!family || products.length === 0) notFound();

  const nameOf = new Map(definitions.map((d) => [d.key, d.name]));
  // The configuration facets this family actually varies in or has.
  const configurationKeys = definitions
    .filter((d) => d.scope === 'Configuration')
    .map((d) => d.key)
    .filter((key) => products.some((p) => p.xp?.Facets?.[key] !== undefined));
  const items = products.map((p) => toConfigurable(p, configurationKeys));
  const requested = choicesFromSearchParams(
    (await searchParams) as Record<string, string | string[] | undefined>,
    configurationKeys,
  );
  const state = configure(items, configurationKeys, requested);
  const resolved = state.resolved
    ? products.find((p) => (p.xp?.SalesItemNumber ?? p.ID) === state.resolved?.salesItemNumber)
    : undefined;
  const [unitPrice, breaks] =
    resolved && buyer
      ? await Promise.all([
          customerItemPrice(buyer, resolved.ID ?? '', 1),
          priceBreaks(buyer, resolved.ID ?? '', resolved.PriceSchedule),
        ])
      : [undefined, undefined];
  const shownUnit = unitPrice?.amount ?? breaks?.rows[0]?.unitPrice;
  const priceSource = unitPrice?.source ?? breaks?.source ?? 'list';

  const reason = (u: Unavailability): string => {
    if (u.kind === 'no-active-item') return t('reasonNoActiveItem');
    if (u.kind === 'combination') return t('reasonCombination');
    return t('reasonConflicts', {
      choices: u.with.map((key) => `${nameOf.get(key) ?? key}: ${state.choices[key]}`).join(', '),
    });
  };
  const undecided = state.facets.filter(
    (f) => !state.choices[f.key] && !f.implied && f.values.filter((v) => !v.unavailable).length > 1,
  );
  const action = `/${locale}/catalog/${encodeURIComponent(familyId)}`;

  return (
    <div className="py-8">
      <nav aria-label={t('breadcrumb')} className="text-sm">
        <Link href="/catalog" className="text-brand underline underline-offset-2">
          {t('backToCatalog')}
        </Link>
      </nav>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{family.Name}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{family.Description}</p>

      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_24rem]">
        <Form action={action} className="space-y-4" aria-label={t('choicesLabel')}>
          <AutoSubmit />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-xl font-semibold">{t('choicesHeading')}</h2>
            {Object.keys(state.choices).length > 0 ? (
              <Link href={`/catalog/${encodeURIComponent(familyId)}`} className="button-secondary">
                {t('reset')}
              </Link>
            ) : null}
          </div>
          {state.facets.map((facet) => {
            const name = nameOf.get(facet.key) ?? facet.key;
            const current = state.choices[facet.key] ?? '';
            return (
              <fieldset key={facet.key} className="rounded-md border border-line p-3">
                <legend className="px-1 font-medium">{name}</legend>
                {facet.implied ? (
                  <p className="mb-1 text-sm text-ink-muted">{t('implied', { value: facet.implied })}</p>
                ) : null}
                <ul className="flex flex-wrap gap-2">
                  <li>
                    <input
                      type="radio"
                      id={`c-${facet.key}-any`}
                      name={facet.key}
                      value=""
                      defaultChecked={current === ''}
                      className="peer sr-only"
                    />
                    <label
                      htmlFor={`c-${facet.key}-any`}
                      className="inline-block cursor-pointer rounded-md border border-line-strong px-3 py-1.5 text-sm peer-checked:border-brand peer-checked:bg-brand peer-checked:text-on-brand peer-focus-visible:outline-3 peer-focus-visible:outline-focus"
                    >
                      {t('any')}
                    </label>
                  </li>
                  {facet.values.map((option, index) => {
                    const id = `c-${facet.key}-${index}`;
                    const reasonId = `${id}-reason`;
                    return (
                      <li key={option.value}>
                        <input
                          type="radio"
                          id={id}
                          name={facet.key}
                          value={option.value}
                          defaultChecked={option.selected}
                          disabled={Boolean(option.unavailable)}
                          aria-describedby={option.unavailable ? reasonId : undefined}
                          className="peer sr-only"
                        />
                        <label
                          htmlFor={id}
                          title={option.unavailable ? reason(option.unavailable) : undefined}
                          className="inline-block cursor-pointer rounded-md border border-line-strong px-3 py-1.5 text-sm peer-checked:border-brand peer-checked:bg-brand peer-checked:text-on-brand peer-disabled:cursor-not-allowed peer-disabled:border-dashed peer-disabled:bg-surface-muted peer-disabled:text-ink-muted peer-disabled:line-through peer-focus-visible:outline-3 peer-focus-visible:outline-focus"
                        >
                          {option.value}
                        </label>
                        {option.unavailable ? (
                          <span id={reasonId} className="sr-only">
                            {reason(option.unavailable)}
                          </span>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
                {facet.values.some((v) => v.unavailable) ? (
                  <ul className="mt-2 space-y-0.5 text-xs text-ink-muted" aria-hidden="true">
                    {facet.values
                      .filter((v) => v.unavailable)
                      .map((v) => (
                        <li key={v.value}>
                          <span className="font-medium">{v.value}</span>:{' '}
                          {reason(v.unavailable as Unavailability)}
                        </li>
                      ))}
                  </ul>
                ) : null}
              </fieldset>
            );
          })}
          <button type="submit" className="button-primary py-2">
            {t('apply')}
          </button>
        </Form>

        <aside
          aria-labelledby="result-heading"
          className="h-fit rounded-lg border border-line p-4 lg:sticky lg:top-4"
        >
          <h2 id="result-heading" className="text-xl font-semibold">
            {resolved ? t('resolvedHeading') : t('matchesHeading', { count: state.matches.length })}
          </h2>
          <div role="status" aria-live="polite" className="mt-1 text-sm text-ink-muted">
            {resolved
              ? t('resolvedStatus', { item: resolved.xp?.SalesItemNumber ?? resolved.ID ?? '' })
              : undecided.length > 0
                ? t('chooseMore', { facets: undecided.map((f) => nameOf.get(f.key) ?? f.key).join(', ') })
                : null}
          </div>
          <ProductImage
            src={resolved?.xp?.ImageUrl ?? family.xp?.ImageUrl}
            alt={resolved ? (resolved.Name ?? '') : (family.Name ?? '')}
            className="mt-3"
            priority
          />
          {resolved ? (
            <>
              <p className="mt-3 font-medium">{resolved.Name}</p>
              <p className="text-sm">
                {t('salesItemNumber')}{' '}
                <span className="font-mono font-semibold" data-testid="resolved-sales-item">
                  {resolved.xp?.SalesItemNumber ?? resolved.ID}
                </span>
              </p>
              {buyer ? (
                <>
                  <p className="mt-3">
                    <span className="block text-sm text-ink-muted">
                      {priceSource === 'customer' ? t('yourPrice') : t('listPrice')}
                    </span>
                    <span className="text-2xl font-bold" data-testid="unit-price">
                      {formatMoney(shownUnit, buyer.currency, locale)}
                    </span>{' '}
                    <span className="text-sm text-ink-muted">{t('perUnit')}</span>
                  </p>
                  {breaks && breaks.rows.length > 1 ? (
                    <table className="mt-3 w-full text-sm">
                      <caption className="text-left font-medium">{t('quantityBreaks')}</caption>
                      <thead>
                        <tr className="border-b border-line text-left">
                          <th scope="col" className="py-1">
                            {t('fromQuantity')}
                          </th>
                          <th scope="col" className="py-1 text-right">
                            {t('unitPrice')}
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {breaks.rows.map((row) => (
                          <tr key={row.quantity} className="border-b border-line">
                            <td className="py-1">{row.quantity}</td>
                            <td className="py-1 text-right">
                              {formatMoney(row.unitPrice, buyer.currency, locale)}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  ) : null}
                  <ActionForm
                    action={addToCartAction.bind(null, locale)}
                    className="mt-4"
                    label={t('addToCartLabel')}
                  >
                    <input type="hidden" name="productId" value={resolved.ID ?? ''} />
                    <div className="flex items-end gap-2">
                      <div>
                        <label htmlFor="add-quantity" className="block text-sm font-medium">
                          {t('quantity')}
                        </label>
                        <input
                          id="add-quantity"
                          name="quantity"
                          type="number"
                          inputMode="numeric"
                          min={1}
                          max={MAX_QUANTITY}
                          defaultValue={1}
                          required
                          className="field-input w-24"
                        />
                      </div>
                      <button type="submit" className="button-primary py-2">
                        {t('addToCart')}
                      </button>
                    </div>
                    <Link
                      href="/cart"
                      className="mt-2 inline-block text-sm text-brand underline underline-offset-2"
                    >
                      {t('viewCart')}
                    </Link>
                  </ActionForm>
                </>
              ) : (
                <SignInForPrices
                  href={visitor.signInHref}
                  label={tPrices('signInForPrices')}
                  hint={tPrices('signInHint')}
                />
              )}
              <h3 className="mt-5 font-semibold">{t('specifications')}</h3>
              <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                {definitions
                  .filter((d) => resolved.xp?.Facets?.[d.key] !== undefined)
                  .map((d) => (
                    <div key={d.key} className="contents">
                      <dt className="text-ink-muted">{d.name}</dt>
                      <dd>{facetLabel(resolved.xp?.Facets?.[d.key])}</dd>
                    </div>
                  ))}
              </dl>
            </>
          ) : state.matches.length === 0 ? (
            <p className="mt-3">{t('noMatch')}</p>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
