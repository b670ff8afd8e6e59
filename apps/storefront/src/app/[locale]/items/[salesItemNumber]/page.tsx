import { notFound } from 'next/navigation';
import { getSalesItem, toConfigurable } from '@/backend/catalog';
import { facetDefinitions } from '@/backend/facets';
import { catalogueVisitor } from '@/backend/visitor';
import { choicesOf, choicesToSearch } from '@/components/shop/configurator-logic';
import { redirect } from '@/i18n/navigation';
import { localeOrDefault } from '@/i18n/routing';

/** Deep link by sales item number: the family's configurator with every choice of the item preselected. */
export default async function SalesItemPage({ params }: PageProps<'/[locale]/items/[salesItemNumber]'>) {
  const { locale: raw, salesItemNumber } = await params;
  const locale = localeOrDefault(raw);
  const { token } = await catalogueVisitor(locale);
  const sku = decodeURIComponent(salesItemNumber).toUpperCase();
  const [product, definitions] = await Promise.all([getSalesItem(token, sku), facetDefinitions(token)]);
  if (product?.xp?.Kind !== 'SalesItem' || !product.xp.FamilyID) notFound();
  const keys = definitions.filter((d) => d.scope === 'Configuration').map((d) => d.key);
  const choices = choicesOf(toConfigurable(product, keys), keys);
  redirect({
    href: `/catalog/${encodeURIComponent(product.xp.FamilyID)}${choicesToSearch(choices)}`,
    locale,
  });
}
