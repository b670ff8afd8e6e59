import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { availabilityOf } from '@/backend/availability';
import { MAX_QUANTITY } from '@/backend/cart';
import { familySalesItems, getFamily, toConfigurable } from '@/backend/catalog';
import { facetDefinitions } from '@/backend/facets';
import { customerItemPrice, priceBreaks } from '@/backend/prices';
import { catalogueVisitor, visitorViewKey } from '@/backend/visitor';
import { AddToList } from '@/components/order-lists/add-to-list';
import { ActionForm } from '@/components/shop/action-form';
import { addToCartAction } from '@/components/shop/actions';
import { Configurator } from '@/components/shop/configurator';
import { choicesFromSearchParams, configure, packItems } from '@/components/shop/configurator-logic';
import { orderFacetKeys } from '@/components/shop/facet-order';
import { ItemAvailability } from '@/components/shop/item-availability';
import { ProductImage } from '@/components/shop/product-image';
import { SignInForPrices } from '@/components/shop/sign-in-for-prices';
import { catalogTexts } from '@/format/catalog-texts';
import { formatMoney } from '@/format/money';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';

/** The add-to-cart form's id, so the sticky bar's button on narrow screens submits it. */
const ADD_TO_CART_FORM = 'add-to-cart-form';

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

  // Shared by the users who see the same catalogue (visibility.ts), so choices stay cheap.
  const viewKey = await visitorViewKey(visitor);
  const [family, products, definitions] = await Promise.all([
    getFamily(visitor.token, familyId, viewKey),
    familySalesItems(visitor.token, familyId, viewKey),
    facetDefinitions(visitor.token, viewKey),
  ]);
  if (!family || products.length === 0) notFound();

  const texts = catalogTexts(locale);
  const nameOf = new Map(definitions.map((d) => [d.key, texts.facetName(d.key, d.name)]));
  // The configuration facets this family has, those that matter most to a buyer first.
  const configurationKeys = orderFacetKeys(
    definitions
      .filter((d) => d.scope === 'Configuration')
      .map((d) => d.key)
      .filter((key) => products.some((p) => p.xp?.Facets?.[key] !== undefined)),
    (key) => key,
  );
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
  const priceLabel = priceSource === 'customer' ? t('yourPrice') : t('listPrice');
  const price = buyer ? formatMoney(shownUnit, buyer.currency, locale) : undefined;

  const resolvedPanel = resolved ? (
    <>
      <p className="mt-3 font-medium">{texts.productName(resolved)}</p>
      <p className="text-sm">
        {t('salesItemNumber')}{' '}
        <span className="font-mono font-semibold" data-testid="resolved-sales-item">
          {resolved.xp?.SalesItemNumber ?? resolved.ID}
        </span>
      </p>
      <ItemAvailability
        locale={locale}
        availability={availabilityOf(resolved, buyer?.customer?.salesCompanyId, new Date())}
      />
      {buyer ? (
        <>
          <p className="mt-3">
            <span className="block text-sm text-ink-muted">{priceLabel}</span>
            <span className="text-2xl font-bold" data-testid="unit-price">
              {price}
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
                    <td className="py-1 text-right">{formatMoney(row.unitPrice, buyer.currency, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          <ActionForm
            action={addToCartAction.bind(null, locale)}
            className="mt-4"
            label={t('addToCartLabel')}
            id={ADD_TO_CART_FORM}
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
            <Link href="/cart" className="mt-2 inline-block text-sm text-brand underline underline-offset-2">
              {t('viewCart')}
            </Link>
          </ActionForm>
          <AddToList
            locale={locale}
            token={buyer.token}
            lines={[{ productId: resolved.ID ?? '', quantity: 1, specs: [] }]}
            idPrefix="item-list"
            withQuantity
          />
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
              <dt className="text-ink-muted">{texts.facetName(d.key, d.name)}</dt>
              <dd>{texts.facetValue(resolved.xp?.Facets?.[d.key])}</dd>
            </div>
          ))}
      </dl>
    </>
  ) : undefined;
  const stickyPrice = !resolved ? undefined : !buyer ? (
    <SignInForPrices href={visitor.signInHref} label={tPrices('signInForPrices')} compact />
  ) : (
    <div className="flex items-center justify-between gap-3">
      <p>
        <span className="block text-xs text-ink-muted">{priceLabel}</span>
        <span className="font-bold" data-testid="sticky-price">
          {price}
        </span>
      </p>
      <button type="submit" form={ADD_TO_CART_FORM} className="button-primary py-2">
        {t('addToCart')}
      </button>
    </div>
  );

  return (
    <div className="py-8">
      <nav aria-label={t('breadcrumb')} className="text-sm">
        <Link href="/catalog" className="text-brand underline underline-offset-2">
          {t('backToCatalog')}
        </Link>
      </nav>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{texts.familyName(family)}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{texts.familyDescription(family)}</p>
      <Configurator
        locale={locale}
        familyId={familyId}
        facetKeys={configurationKeys}
        facetNames={Object.fromEntries(configurationKeys.map((key) => [key, nameOf.get(key) ?? key]))}
        packedItems={packItems(items, configurationKeys)}
        valueLabels={Object.fromEntries(
          items
            .flatMap((item) => Object.values(item.facets))
            .map((value) => [value, texts.facetValue(value)]),
        )}
        serverChoices={state.choices}
        serverResolved={state.resolved?.salesItemNumber}
        texts={{
          choicesLabel: t('choicesLabel'),
          choicesHeading: t('choicesHeading'),
          reset: t('reset'),
          implied: t.raw('implied') as string,
          any: t('any'),
          apply: t('apply'),
          reasonNoActiveItem: t('reasonNoActiveItem'),
          reasonCombination: t('reasonCombination'),
          reasonConflicts: t.raw('reasonConflicts') as string,
          unavailableSummary: t.raw('unavailableSummary') as string,
          matchesZero: t.raw('matchesZero') as string,
          matchesOne: t.raw('matchesOne') as string,
          matchesOther: t.raw('matchesOther') as string,
          chooseMore: t.raw('chooseMore') as string,
          remainingHeading: t('remainingHeading'),
          chooseItem: t.raw('chooseItem') as string,
          updatingPrice: t('updatingPrice'),
          resolvedStatus: t.raw('resolvedStatus') as string,
          resolvedHeading: t('resolvedHeading'),
          noMatch: t('noMatch'),
          toSummary: t('toSummary'),
        }}
        image={
          <ProductImage
            src={resolved?.xp?.ImageUrl ?? family.xp?.ImageUrl}
            alt={resolved ? texts.productName(resolved) : texts.familyName(family)}
            className="mt-3"
            priority
          />
        }
        resolvedPanel={resolvedPanel}
        stickyPrice={stickyPrice}
      />
    </div>
  );
}
