import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import {
  CATALOG_PAGE_SIZE,
  catalogueListing,
  facetLabel,
  familyListPriceRanges,
  isActiveItem,
  listFamilies,
} from '@/backend/catalog';
import { customerFamilyRange, customerItemPrice, type PriceRange, scheduleUnitPrice } from '@/backend/prices';
import { catalogueVisitor, visitorViewKey } from '@/backend/visitor';
import {
  ActiveFilters,
  CatalogFilterForm,
  CatalogSortForm,
  filterFacets,
} from '@/components/shop/catalog-filters';
import {
  type CatalogQuery,
  catalogQueryToSearch,
  parseCatalogQuery,
  withPage,
} from '@/components/shop/catalog-query';
import { facetInfo } from '@/components/shop/facets';
import { FilterDrawer } from '@/components/shop/filter-drawer';
import { itemFacts } from '@/components/shop/item-facts';
import { ProductImage } from '@/components/shop/product-image';
import { SignInForPrices } from '@/components/shop/sign-in-for-prices';
import { catalogTexts } from '@/format/catalog-texts';
import { formatMoney, formatMoneyRange } from '@/format/money';
import { Link } from '@/i18n/link';
import { redirect } from '@/i18n/navigation';
import { localeOrDefault } from '@/i18n/routing';

export async function generateMetadata({ params }: PageProps<'/[locale]/catalog'>): Promise<Metadata> {
  const t = await getTranslations({ locale: localeOrDefault((await params).locale), namespace: 'Catalog' });
  return { title: t('title') };
}

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

  // Shared by the users who see the same catalogue (visibility.ts).
  const viewKey = await visitorViewKey(visitor);
  const [{ items, meta, priceSorted, familyCounts, ownCounts }, families, listRanges] = await Promise.all([
    catalogueListing(visitor.token, query, viewKey),
    listFamilies(visitor.token, viewKey),
    buyer ? familyListPriceRanges(buyer.token, buyer.currency, viewKey) : undefined,
  ]);
  const total = meta.TotalCount ?? 0;
  const pages = meta.TotalPages ?? 1;
  const href = (q: CatalogQuery) => `/catalog${catalogQueryToSearch(q)}`;
  // A page past the end (an old link, a hand-made URL): the last page.
  if (total > 0 && query.page > pages) redirect({ href: href(withPage(query, pages)), locale });
  // A chosen facet keeps offering its other values (counted without its own filter).
  const facets = (meta.Facets ?? []).map((facet) => {
    const own = ownCounts.get(facet.XpPath ?? '')?.find((f) => f.XpPath === facet.XpPath);
    return own ?? facet;
  });
  const shownFamilies = families.filter((family) => (familyCounts.get(family.ID ?? '') ?? 0) > 0);
  const texts = catalogTexts(locale);
  const facetNames = new Map(
    facets.map((f) => [facetInfo(f)?.key ?? '', texts.facetName(facetInfo(f)?.key ?? '', f.Name ?? '')]),
  );
  const facts = itemFacts(
    items.map((item) => ({
      id: item.ID ?? '',
      name: texts.productName(item),
      facets: Object.fromEntries(
        Object.entries(item.xp?.Facets ?? {}).map(([key, value]) => [
          key,
          texts.facetValue(facetLabel(value)),
        ]),
      ),
    })),
    [...facetNames.keys()].filter(Boolean),
  );
  // Choices the family's configurator can take over from the filters (one value of a text facet).
  const configuratorChoices = new URLSearchParams(
    Object.entries(query.filters)
      .filter(([path, values]) => /^Facets\.[A-Za-z0-9_]+$/.test(path) && values.length === 1)
      .map(([path, values]) => [path.slice('Facets.'.length), values[0] as string]),
  ).toString();
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

  const hasFilters =
    Object.keys(query.filters).length > 0 ||
    Object.keys(query.ranges ?? {}).length > 0 ||
    query.search !== '';
  const offered = filterFacets(facets, query);
  const activeCount = Object.values(query.filters).flat().length + Object.keys(query.ranges ?? {}).length;

  return (
    <div className="py-8">
      <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
      <p className="mt-2 text-ink-muted">{t('intro')}</p>

      <div className="mt-6 grid gap-8 lg:grid-cols-[18rem_1fr]">
        <FilterDrawer
          openLabel={t('openFilters')}
          closeLabel={t('showResults', { count: total })}
          title={t('filtersLabel')}
          activeCount={activeCount}
        >
          <CatalogFilterForm locale={locale} query={query} facets={offered} />
        </FilterDrawer>

        <div>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <p className="text-sm text-ink-muted" role="status">
              {t('resultCount', { count: total })}
            </p>
            <CatalogSortForm
              locale={locale}
              query={query}
              priceSortAvailable={Boolean(buyer) && priceSorted}
            />
          </div>
          <ActiveFilters locale={locale} query={query} facets={facets} />
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
                            href={`/catalog/${encodeURIComponent(family.ID ?? '')}${configuratorChoices ? `?${configuratorChoices}` : ''}`}
                            className="text-brand underline-offset-2 hover:underline"
                          >
                            {texts.familyName(family)}
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
                            {texts.productName(item)}
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
                          {(facts.get(item.ID ?? '') ?? []).length > 0 ? (
                            <p className="text-sm text-ink-muted" data-testid="item-facts">
                              {(facts.get(item.ID ?? '') ?? [])
                                .map((fact) => `${facetNames.get(fact.key) ?? fact.key}: ${fact.value}`)
                                .join(' · ')}
                            </p>
                          ) : null}
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
