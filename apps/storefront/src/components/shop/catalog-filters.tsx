import Form from 'next/form';
import { getTranslations } from 'next-intl/server';
import type { ListFacet } from 'ordercloud-javascript-sdk';
import { catalogTexts } from '@/format/catalog-texts';
import { Link } from '@/i18n/link';
import type { AppLocale } from '@/i18n/routing';
import { AutoSubmit } from './auto-submit';
import {
  type CatalogQuery,
  catalogQueryToSearch,
  clearFilters,
  FILTER_PREFIX,
  isFilterChosen,
  MAX_PREFIX,
  MIN_PREFIX,
  toggleFilter,
  withoutRange,
  withSort,
} from './catalog-query';
import { compareFacetValues } from './configurator-logic';
import { orderFacetKeys } from './facet-order';
import { facetInfo, facetValueLabel } from './facets';

/*
 * The catalogue's filters (search, facet values, ranges of numeric facets), the chips of the active
 * filters with "Clear all", and the order of the results. Everything is a GET form or a link: the
 * URL holds the state (catalog-query.ts).
 */

export const FAMILY_PATH = 'FamilyID';
const VARIANT_PATH = 'CommercialVariantID';
/** Facets offered as filters (configuration facets, family and variant). */
const FILTER_SCOPES = new Set(['Configuration', 'Catalogue']);

/** A numeric facet's counts are on `Facets.<key>.value`: offered as a range. */
export const isNumericPath = (path: string) => path.endsWith('.value');
const keyOfPath = (path: string) => /^Facets\.([A-Za-z0-9_]+)/.exec(path)?.[1] ?? path;

/** The facets worth offering, most useful first: family, the buyer's facets, then the rest. */
export function filterFacets(facets: readonly ListFacet[], query: CatalogQuery): ListFacet[] {
  const offered = facets.filter((facet) => {
    const path = facet.XpPath ?? '';
    const scope = (facet.xp as { Scope?: string } | undefined)?.Scope ?? '';
    const chosen = path in query.filters || path in (query.ranges ?? {});
    return FILTER_SCOPES.has(scope) && ((facet.Values?.length ?? 0) > 1 || chosen);
  });
  const family = offered.filter((f) => f.XpPath === FAMILY_PATH);
  const rest = orderFacetKeys(
    offered.filter((f) => f.XpPath !== FAMILY_PATH),
    (f) => keyOfPath(f.XpPath ?? ''),
  );
  return [...family, ...rest];
}

type Translate = Awaited<ReturnType<typeof getTranslations<'Catalog'>>>;

function facetName(facet: ListFacet, t: Translate, locale: AppLocale): string {
  const path = facet.XpPath ?? '';
  if (path === FAMILY_PATH) return t('familyFacet');
  if (path === VARIANT_PATH) return t('variantFacet');
  return catalogTexts(locale).facetName(facetInfo(facet)?.key ?? '', facet.Name ?? path);
}

/** A facet value as the buyer reads it: the unit added, translated, numbers in the locale's format. */
const shownValue = (locale: AppLocale, value: string, unit: string | undefined) =>
  catalogTexts(locale).facetValue(facetValueLabel(value, unit));

export async function CatalogFilterForm({
  locale,
  query,
  facets,
}: {
  locale: AppLocale;
  query: CatalogQuery;
  facets: readonly ListFacet[];
}) {
  const t = await getTranslations({ locale, namespace: 'Catalog' });
  return (
    // Keyed by the query: after Back the fields show the URL's state, not what was typed before.
    <Form
      key={catalogQueryToSearch(query)}
      action={`/${locale}/catalog`}
      className="space-y-4"
      aria-label={t('filtersLabel')}
    >
      <AutoSubmit />
      {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
      <div>
        <label htmlFor="catalog-search" className="block font-medium">
          {t('search')}
        </label>
        <input
          id="catalog-search"
          name="q"
          type="search"
          defaultValue={query.search}
          maxLength={100}
          className="field-input mt-1"
          placeholder={t('searchPlaceholder')}
        />
      </div>
      {facets.map((facet) => {
        const path = facet.XpPath ?? '';
        const unit = facetInfo(facet)?.unit;
        const name = facetName(facet, t, locale);
        const chosen = query.filters[path] ?? [];
        const range = query.ranges?.[path];
        const values = (facet.Values ?? []).map((v) => v.Value ?? '');
        if (isNumericPath(path)) {
          for (const bound of [range?.min, range?.max])
            if (bound !== undefined && !values.includes(String(bound))) values.push(String(bound));
          values.sort(compareFacetValues);
          const id = `r-${path}`.replace(/[^A-Za-z0-9_-]/g, '_');
          return (
            <fieldset key={path} className="rounded-md border border-line p-3" data-range={path}>
              <legend className="px-1 font-medium">{name}</legend>
              <div className="grid grid-cols-2 gap-2">
                {(['min', 'max'] as const).map((bound) => (
                  <div key={bound}>
                    <label htmlFor={`${id}-${bound}`} className="block text-sm">
                      {bound === 'min' ? t('rangeFrom') : t('rangeTo')}
                    </label>
                    <select
                      id={`${id}-${bound}`}
                      name={`${bound === 'min' ? MIN_PREFIX : MAX_PREFIX}${path}`}
                      defaultValue={range?.[bound] !== undefined ? String(range[bound]) : ''}
                      className="field-input mt-1"
                    >
                      <option value="">{t('rangeAny')}</option>
                      {values.map((value) => (
                        <option key={value} value={value}>
                          {shownValue(locale, value, unit)}
                        </option>
                      ))}
                    </select>
                  </div>
                ))}
              </div>
            </fieldset>
          );
        }
        const counts = new Map((facet.Values ?? []).map((v) => [v.Value ?? '', v.Count ?? 0]));
        for (const value of chosen) if (!values.includes(value)) values.push(value);
        if (path !== FAMILY_PATH && path !== VARIANT_PATH) values.sort(compareFacetValues);
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
                  const id = `f-${path}-${value}`.replace(/[^A-Za-z0-9_-]/g, '_');
                  return (
                    <li key={value}>
                      <input
                        id={id}
                        type="checkbox"
                        name={`${FILTER_PREFIX}${path}`}
                        value={value}
                        defaultChecked={isFilterChosen(query, path, value)}
                        className="mr-2 h-4 w-4 align-middle accent-brand"
                      />
                      <label htmlFor={id} className="align-middle text-sm">
                        {shownValue(locale, value, unit)}{' '}
                        <span className="text-ink-muted">({counts.get(value) ?? 0})</span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          </details>
        );
      })}
      <button type="submit" className="button-primary py-2">
        {t('apply')}
      </button>
    </Form>
  );
}

/** One chip per chosen value and range, each removing itself, and "Clear all". */
export async function ActiveFilters({
  locale,
  query,
  facets,
}: {
  locale: AppLocale;
  query: CatalogQuery;
  facets: readonly ListFacet[];
}) {
  const t = await getTranslations({ locale, namespace: 'Catalog' });
  const byPath = new Map(facets.map((f) => [f.XpPath ?? '', f]));
  const href = (q: CatalogQuery) => `/catalog${catalogQueryToSearch(q)}`;
  const chips: { key: string; label: string; href: string }[] = [];
  for (const [path, values] of Object.entries(query.filters)) {
    const facet = byPath.get(path);
    const name = facet ? facetName(facet, t, locale) : path;
    const unit = facet ? facetInfo(facet)?.unit : undefined;
    for (const value of values)
      chips.push({
        key: `${path}=${value}`,
        label: `${name}: ${shownValue(locale, value, unit)}`,
        href: href(toggleFilter(query, path, value)),
      });
  }
  for (const [path, range] of Object.entries(query.ranges ?? {})) {
    const facet = byPath.get(path);
    const name = facet ? facetName(facet, t, locale) : path;
    const unit = facet ? facetInfo(facet)?.unit : undefined;
    const label = (n: number | undefined) => (n === undefined ? '' : shownValue(locale, String(n), unit));
    chips.push({
      key: `range:${path}`,
      label: `${name}: ${t('rangeChip', { min: label(range.min) || '…', max: label(range.max) || '…' })}`,
      href: href(withoutRange(query, path)),
    });
  }
  if (chips.length === 0) return null;
  return (
    <section aria-label={t('activeFilters')} className="mt-3 flex flex-wrap items-center gap-2">
      <ul className="flex flex-wrap gap-2" data-testid="active-filters">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link
              href={chip.href}
              className="inline-flex items-center gap-1 rounded-full border border-brand bg-brand-soft px-3 py-1 text-sm text-brand"
              aria-label={t('removeFilter', { filter: chip.label })}
            >
              {chip.label} <span aria-hidden="true">×</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link href={href(clearFilters(query))} className="text-sm text-brand underline underline-offset-2">
        {t('clearAll')}
      </Link>
    </section>
  );
}

/** The results' order: a select that applies at once (the Apply button without JavaScript). */
export async function CatalogSortForm({
  locale,
  query,
  priceSortAvailable,
}: {
  locale: AppLocale;
  query: CatalogQuery;
  priceSortAvailable: boolean;
}) {
  const t = await getTranslations({ locale, namespace: 'Catalog' });
  const hidden = new URLSearchParams(catalogQueryToSearch(withSort(query, undefined)).slice(1));
  return (
    <Form
      key={catalogQueryToSearch(query)}
      action={`/${locale}/catalog`}
      className="flex items-end gap-2"
      aria-label={t('sortLabel')}
    >
      <AutoSubmit />
      {[...hidden.entries()]
        .filter(([name]) => name !== 'page')
        .map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
      <div>
        <label htmlFor="catalog-sort" className="block text-sm font-medium">
          {t('sortLabel')}
        </label>
        <select
          id="catalog-sort"
          name="sort"
          defaultValue={query.sort ?? 'relevance'}
          className="field-input mt-1"
        >
          <option value="relevance">{t('sortRelevance')}</option>
          <option value="price">{t('sortPrice')}</option>
          <option value="name">{t('sortName')}</option>
          <option value="stroke">{t('sortStroke')}</option>
        </select>
      </div>
      <noscript>
        <button type="submit" className="button-secondary">
          {t('apply')}
        </button>
      </noscript>
      {query.sort === 'price' && !priceSortAvailable ? (
        <p className="text-sm text-ink-muted" role="note">
          {t('priceSortTooMany')}
        </p>
      ) : null}
    </Form>
  );
}
