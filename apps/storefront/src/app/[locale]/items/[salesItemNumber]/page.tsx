import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { availabilityOf } from '@/backend/availability';
import { getSalesItem, toConfigurable } from '@/backend/catalog';
import { facetDefinitions } from '@/backend/facets';
import { catalogueVisitor } from '@/backend/visitor';
import { AddToList } from '@/components/order-lists/add-to-list';
import { choicesOf, choicesToSearch } from '@/components/shop/configurator-logic';
import { ItemAvailability } from '@/components/shop/item-availability';
import { Link } from '@/i18n/link';
import { redirect } from '@/i18n/navigation';
import { localeOrDefault } from '@/i18n/routing';

/**
 * Deep link by sales item number: the family's configurator with every choice of the item
 * preselected; an item the buyer cannot order (blocked, phased out) gets a page saying why, with
 * its successor, instead.
 */
export default async function SalesItemPage({ params }: PageProps<'/[locale]/items/[salesItemNumber]'>) {
  const { locale: raw, salesItemNumber } = await params;
  const locale = localeOrDefault(raw);
  setRequestLocale(locale);
  const { token, buyer } = await catalogueVisitor(locale);
  const sku = decodeURIComponent(salesItemNumber).toUpperCase();
  const [product, definitions] = await Promise.all([getSalesItem(token, sku), facetDefinitions(token)]);
  if (product?.xp?.Kind !== 'SalesItem' || !product.xp.FamilyID) notFound();
  const availability = availabilityOf(product, buyer?.customer?.salesCompanyId, new Date());
  if (!availability.orderable) {
    const t = await getTranslations({ locale, namespace: 'ItemAvailability' });
    return (
      <div className="py-8">
        <h1 className="text-2xl font-semibold">{product.Name}</h1>
        <p className="mt-1 font-mono text-sm" data-testid="item-number">
          {sku}
        </p>
        <ItemAvailability locale={locale} availability={availability} />
        {/* Kept on a list until it is orderable again (coming soon) or for its successor. */}
        {buyer ? (
          <AddToList
            locale={locale}
            token={token}
            lines={[{ productId: product.ID ?? sku, quantity: 1, specs: [] }]}
            idPrefix="item-list"
            withQuantity
          />
        ) : null}
        <p className="mt-6">
          <Link href="/catalog" className="text-brand underline underline-offset-2">
            {t('backToCatalogue')}
          </Link>
        </p>
      </div>
    );
  }
  const keys = definitions.filter((d) => d.scope === 'Configuration').map((d) => d.key);
  const choices = choicesOf(toConfigurable(product, keys), keys);
  redirect({
    href: `/catalog/${encodeURIComponent(product.xp.FamilyID)}${choicesToSearch(choices)}`,
    locale,
  });
}
