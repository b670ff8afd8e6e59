import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { BuyerAddress, LineItem } from 'ordercloud-javascript-sdk';
import { isAddressInUse, preselectedAddressId } from '@/backend/address-validity';
import { listMyAddresses } from '@/backend/my-account';
import { cartLines } from '@/backend/reorder-cart';
import { requireBuyer } from '@/backend/session';
import { capabilitiesOf } from '@/components/account/roles';
import { AccountSections } from '@/components/account/section-nav';
import { Notice, PageHeader, Section } from '@/components/account/ui';
import { money } from '@/components/orders/format';
import { scheduleFormLabels } from '@/components/subscriptions/labels';
import { addInterval, todayDay } from '@/components/subscriptions/schedule';
import { ScheduleForm } from '@/components/subscriptions/schedule-form';
import { catalogTexts } from '@/format/catalog-texts';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';
import { createSubscriptionAction } from '../actions';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/subscriptions/new'>): Promise<Metadata> {
  const t = await getTranslations({
    locale: localeOrDefault((await params).locale),
    namespace: 'Subscriptions.fromCart',
  });
  return { title: t('title') };
}

function addressLabel(address: BuyerAddress): string {
  return [
    address.AddressName || address.CompanyName,
    address.Street1,
    `${address.Zip ?? ''} ${address.City ?? ''}`.trim(),
  ]
    .filter(Boolean)
    .join(', ');
}

/** Make the cart recurring. */
export default async function NewSubscriptionPage({ params }: PageProps<'/[locale]/subscriptions/new'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  const [t, tList, buyer] = await Promise.all([
    getTranslations({ locale, namespace: 'Subscriptions.fromCart' }),
    getTranslations({ locale, namespace: 'Subscriptions' }),
    requireBuyer(locale),
  ]);
  const can = capabilitiesOf(buyer.roles);
  let lines: LineItem[] | undefined;
  let addresses: BuyerAddress[] = [];
  if (can.subscribe) {
    try {
      [lines, addresses] = await Promise.all([cartLines(buyer.token), listMyAddresses(buyer.token)]);
    } catch (error) {
      console.warn(`[subscriptions] cart or addresses failed: ${String(error)}`);
    }
  }
  const today = todayDay();
  const inUse = addresses.filter((address) => address.ID && isAddressInUse(address));
  const shipping = inUse.filter((address) => address.Shipping !== false);
  const billing = inUse.filter((address) => address.Billing !== false);
  return (
    <div className="pb-12">
      <AccountSections locale={locale} current="subscriptions" buyer={buyer} />
      <PageHeader title={t('title')} intro={t('intro')} />
      {!can.subscribe ? (
        <Notice tone="info">{tList('notAllowed')}</Notice>
      ) : !lines ? (
        <Notice tone="danger" alert>
          {tList('error')}
        </Notice>
      ) : lines.length === 0 ? (
        <div className="py-8" data-testid="cart-empty">
          <p className="text-ink-muted">{t('emptyCart')}</p>
          <p className="mt-4">
            <Link href="/catalog" className="button-secondary">
              {t('toCatalogue')}
            </Link>
          </p>
        </div>
      ) : (
        <>
          <Section title={tList('detail.itemsTitle')} id="new-subscription-items">
            <ul className="divide-y divide-line">
              {lines.map((line) => (
                <li key={line.ID} className="flex flex-wrap justify-between gap-2 py-2">
                  <span>
                    <span className="font-medium">
                      {catalogTexts(locale).productName(line.Product, line.ProductID)}
                    </span>{' '}
                    <span className="text-sm text-ink-muted">{line.ProductID}</span>
                  </span>
                  <span className="tabular-nums">
                    {line.Quantity} × {money(line.UnitPrice, buyer.currency, locale)}
                  </span>
                </li>
              ))}
            </ul>
          </Section>
          <Section title={tList('schedule')} id="new-subscription-schedule">
            <ScheduleForm
              action={createSubscriptionAction.bind(null, locale)}
              idPrefix="new-subscription"
              minDate={today}
              defaults={{
                frequency: 1,
                interval: 'Months',
                nextOrderDate: addInterval(today, 'Days', 1),
                shippingAddressId: preselectedAddressId(undefined, shipping),
                billingAddressId: preselectedAddressId(undefined, billing),
                // A name to start from (the buyer's to change): the cart's first item.
                name: t('defaultName', {
                  item: lines[0]?.Product?.Name ?? lines[0]?.ProductID ?? '',
                  more: lines.length - 1,
                }),
              }}
              shippingAddresses={shipping.map((address) => ({
                id: address.ID as string,
                label: addressLabel(address),
              }))}
              billingAddresses={billing.map((address) => ({
                id: address.ID as string,
                label: addressLabel(address),
              }))}
              labels={await scheduleFormLabels(locale, 'create')}
            />
          </Section>
        </>
      )}
    </div>
  );
}
