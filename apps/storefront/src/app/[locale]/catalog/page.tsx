import type { Metadata } from 'next';
import Form from 'next/form';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import {
  CATALOG_PAGE_SIZE,
  familyListPriceRanges,
  isActiveItem,
  listFamilies,
  searchSalesItems,
} from '@/backend/catalog';
import { customerFamilyRange, customerItemPrice, type PriceRange, scheduleUnitPrice } from '@/backend/prices';
import { catalogueVisitor } from '@/backend/visitor';
import { AutoSubmit } from '@/components/shop/auto-submit';
import {
  type CatalogQuery,
  catalogQueryToSearch,
  clearFilters,
  FILTER_PREFIX,
  isFilterChosen,
  parseCatalogQuery,
  withPage,
} from '@/components/shop/catalog-query';
import { facetInfo, facetValueLabel } from '@/components/shop/facets';
import { ProductImage } from '@/components/shop/product-image';
import { SignInForPrices } from '@/components/shop/sign-in-for-prices';
import { formatMoney, formatMoneyRange } from '@/format/money';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';

export async function generateMetadata({ params }: PageProps<'/[locale]/catalog'>): Promise<Metadata> {
  const t = await getTranslations({ locale: localeOrDefault((await params).locale), namespace: 'Catalog' });
  return { title: t('title') };
}

/** Facets offered as filters in the catalogue (configuration facets, family and variant). */
const FILTER_SCOPES = new Set(['Configuration', 'Catalogue']);
const FAMILY_PATH = 'FamilyID';
/** Family cards in the first row of the widest grid: their pictures load at once. */
const FIRST_ROW = 3;

export default async function CatalogPage({ params, searchParams }: PageProps<'/[locale]/catalog'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  // Signed out: the anonymous visitor's token, and no prices at all (none is computed or sent).
  const visitor = await catalogueVisitor(locale);
  const { buyer } = visitor;
  const query = parseCatalogQuery((await searchParams) as Record<string, string | string[] | undefined>);
  const t = await getTranslations({ locale, namespace: 'Catalog' });
  const tPrices = await getTranslations({ locale, namespace: 'Prices' });
  const signInForPrices = buyer ? null : (
    <SignInForPrices href={visitor.signInHref} label={tPrices('signInForPrices')} compact />
  );

  const [{ items, meta }, families, listRanges] = await Promise.all([
    searchSalesItems(visitor.token, query),
    listFamilies(visitor.token),
    buyer ? familyListPriceRanges(buyer.token, buyer.currency) : undefined,
  ]);
  const facets = meta.Facets ?? [];
  const familyCounts = new Map(
    (facets.find((f) => f.XpPath === FAMILY_PATH)?.Values ?? []).map((v) => [v.Value, v.Count]),
  );
  const shownFamilies = families.filter((family) => (familyCounts.get(family.ID ?? '') ?? 0) > 0);
  const familyRanges = new Map<string, PriceRange | undefined>(
    buyer && listRanges
      ? await Promise.all(
          shownFamilies.map(async (family): Promise<[string, PriceRange | undefined]> => {
            const id = family.ID ?? '';
            const own = await customerFamilyRange(buyer, id);
            const list = listRanges.get(id);
            return [id, own ?? (list ? { ...list, currency: buyer.currency, source: 'list' } : undefined)];
          }),
        )
      : [],
  );
  const itemPrices = buyer
    ? await Promise.all(
        items.map(async (item) => {
          const own = await customerItemPrice(buyer, item.ID ?? '', 1);
          return own ?? { amount: scheduleUnitPrice(item.PriceSchedule, 1), source: 'list' as const };
        }),
      )
    : [];

  const total = meta.TotalCount ?? 0;
  const pages = meta.TotalPages ?? 1;
  const hasFilters = Object.keys(query.filters).length > 0 || query.search !== '';
  const href = (q: CatalogQuery) => `/catalog${catalogQueryToSearch(q)}`;
  const filterFacets = facets.filter((facet) => {
    const scope = (facet.xp as { Scope?: string } | undefined)?.Scope ?? '';
    const chosen = Object.keys(query.filters).includes(facet.XpPath ?? '');
    return FILTER_SCOPES.has(scope) && ((facet.Values?.length ?? 0) > 1 || chosen);
  });

  return (
    <div className="py-8">
      <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
      <p className="mt-2 text-ink-muted">{t('intro')}</p>

      <div className="mt-6 grid gap-8 lg:grid-cols-[18rem_1fr]">
        <Form action={`/${locale}/catalog`} className="space-y-4" aria-label={t('filtersLabel')}>
          <AutoSubmit />
          <div>
            <label htmlFor="catalog-search" className="block font-medium">
              {t('search')}
            </label>
            <div className="mt-1 flex gap-2">
              <input
                id="catalog-search"
                name="q"
                type="search"
                defaultValue={query.search}
                maxLength={100}
                className="field-input mt-0"
                placeholder={t('searchPlaceholder')}
              />
            </div>
          </div>
          {filterFacets.map((facet) => {
            const path = facet.XpPath ?? '';
            const unit = facetInfo(facet)?.unit;
            const chosen = query.filters[path] ?? [];
            const name =
              path === FAMILY_PATH
                ? t('familyFacet')
                : path === 'CommercialVariantID'
                  ? t('variantFacet')
                  : (facet.Name ?? path);
            const values = [...(facet.Values ?? [])];
            for (const value of chosen)
              if (!values.some((v) => v.Value === value)) values.push({ Value: value, Count: 0 });
            return (
              <details
                key={path}
                open={chosen.length > 0 || path === FAMILY_PATH}
                className="rounded-md border border-line p-3"
              >
                <summary className="cursor-pointer font-medium">
                  {name}
                  {chosen.length > 0 ? (
                    <span className="ml-2 text-sm text-ink-muted">({chosen.length})</span>
                  ) : null}
                </summary>
                <fieldset className="mt-2">
                  <legend className="sr-only">{name}</legend>
                  <ul className="space-y-1">
                    {values.map((value) => {
                      const id = `f-${path}-${value.Value}`.replace(/[^A-Za-z0-9_-]/g, '_');
                      return (
                        <li key={value.Value}>
                          <input
                            id={id}
                            type="checkbox"
                            name={`${FILTER_PREFIX}${path}`}
                            value={value.Value}
                            defaultChecked={isFilterChosen(query, path, value.Value ?? '')}
                            className="mr-2 h-4 w-4 align-middle accent-brand"
                          />
                          <label htmlFor={id} className="align-middle text-sm">
                            {facetValueLabel(value.Value ?? '', unit)}{' '}
                            <span className="text-ink-muted">({value.Count})</span>
                          </label>
                        </li>
                      );
                    })}
                  </ul>
                </fieldset>
              </details>
            );
          })}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="button-primary py-2">
              {t('apply')}
            </button>
            {hasFilters ? (
              <Link href={href({ ...clearFilters(query), search: '' })} className="button-secondary">
                {t('clear')}
              </Link>
            ) : null}
          </div>
        </Form>

        <div>
          <p className="text-sm text-ink-muted" role="status">
            {t('resultCount', { count: total })}
          </p>
          {total === 0 ? (
            <div className="mt-6 rounded-md border border-line bg-surface-muted p-6">
              <h2 className="text-lg font-semibold">{t('emptyTitle')}</h2>
              <p className="mt-2 text-ink-muted">{t('emptyBody')}</p>
              {hasFilters ? (
                <Link href="/catalog" className="button-secondary mt-4">
                  {t('clear')}
                </Link>
              ) : null}
            </div>
          ) : (
            <>
              <section aria-labelledby="families-heading" className="mt-4">
                <h2 id="families-heading" className="text-xl font-semibold">
                  {t('familiesHeading')}
                </h2>
                <ul className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                  {shownFamilies.map((family, index) => {
                    const range = familyRanges.get(family.ID ?? '');
                    return (
                      <li key={family.ID} className="rounded-lg border border-line p-4">
                        <ProductImage src={family.xp?.ImageUrl} alt="" priority={index < FIRST_ROW} />
                        <h3 className="mt-3 font-semibold">
                          <Link
                            href={`/catalog/${encodeURIComponent(family.ID ?? '')}`}
                            className="text-brand underline-offset-2 hover:underline"
                          >
                            {family.Name}
                          </Link>
                        </h3>
                        <p className="mt-1 text-sm text-ink-muted">
                          {t('matchingItems', { count: familyCounts.get(family.ID ?? '') ?? 0 })}
                        </p>
                        {range ? (
                          <p className="mt-2 text-sm">
                            <span className="text-ink-muted">
                              {range.source === 'customer' ? t('yourPriceRange') : t('listPriceRange')}
                            </span>{' '}
                            <span className="font-semibold">
                              {formatMoneyRange(range.min, range.max, range.currency, locale)}
                            </span>
                          </p>
                        ) : (
                          signInForPrices
                        )}
                      </li>
                    );
                  })}
                </ul>
              </section>

              <section aria-labelledby="items-heading" className="mt-8">
                <h2 id="items-heading" className="text-xl font-semibold">
                  {t('itemsHeading')}
                </h2>
                <ul className="mt-3 divide-y divide-line rounded-lg border border-line">
                  {items.map((item, index) => {
                    const price = itemPrices[index];
                    return (
                      <li
                        key={item.ID}
                        className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
                      >
                        <div>
                          <Link
                            href={`/items/${encodeURIComponent(item.ID ?? '')}`}
                            className="font-medium text-brand underline-offset-2 hover:underline"
                          >
                            {item.Name}
                          </Link>
                          <p className="text-sm text-ink-muted">
                            {t('salesItemNumber')}{' '}
                            <span className="font-mono">{item.xp?.SalesItemNumber ?? item.ID}</span>
                            {!isActiveItem(item) ? (
                              <span className="ml-2 rounded bg-surface-muted px-2 py-0.5 text-xs font-semibold text-ink">
                                {t(
                                  `state.${item.xp?.ProductState === 'Discontinued' ? 'Discontinued' : item.xp?.ProductState === 'ComingSoon' ? 'ComingSoon' : 'Unavailable'}`,
                                )}
                              </span>
                            ) : null}
                          </p>
                        </div>
                        {buyer ? (
                          <p className="text-right text-sm">
                            <span className="block text-ink-muted">
                              {price?.source === 'customer' ? t('yourPrice') : t('listPrice')}
                            </span>
                            <span className="font-semibold">
                              {formatMoney(price?.amount, buyer.currency, locale)}
                            </span>
                          </p>
                        ) : (
                          signInForPrices
                        )}
                      </li>
                    );
                  })}
                </ul>
              </section>

              {pages > 1 ? (
                <nav aria-label={t('paging')} className="mt-6 flex items-center justify-between gap-4">
                  {query.page > 1 ? (
                    <Link
                      href={href(withPage(query, query.page - 1))}
                      className="button-secondary"
                      rel="prev"
                    >
                      {t('previous')}
                    </Link>
                  ) : (
                    <span />
                  )}
                  <span className="text-sm text-ink-muted">{t('pageOf', { page: query.page, pages })}</span>
                  {query.page < pages ? (
                    <Link
                      href={href(withPage(query, query.page + 1))}
                      className="button-secondary"
                      rel="next"
                    >
                      {t('next')}
                    </Link>
                  ) : (
                    <span />
                  )}
                </nav>
              ) : null}
              <p className="sr-only">{t('pageSize', { size: CATALOG_PAGE_SIZE })}</p>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
