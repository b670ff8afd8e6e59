import { getTranslations } from 'next-intl/server';
import type { Address } from 'ordercloud-javascript-sdk';
import { Section } from '@/components/account/ui';
import type { AppLocale } from '@/i18n/routing';

function AddressBlock({
  address,
  none,
}: {
  readonly address: Address | null | undefined;
  readonly none: string;
}) {
  if (!address?.Street1) return <p className="text-ink-muted">{none}</p>;
  const name = [address.FirstName, address.LastName].filter(Boolean).join(' ');
  return (
    <address className="not-italic leading-relaxed">
      {address.CompanyName ? <span className="block">{address.CompanyName}</span> : null}
      {name ? <span className="block">{name}</span> : null}
      <span className="block">{address.Street1}</span>
      {address.Street2 ? <span className="block">{address.Street2}</span> : null}
      <span className="block">
        {address.Zip} {address.City}
      </span>
      <span className="block">
        {address.State ? `${address.State}, ` : ''}
        {address.Country}
      </span>
    </address>
  );
}

export async function OrderAddresses({
  locale,
  shipping,
  billing,
}: {
  readonly locale: AppLocale;
  readonly shipping: Address | null | undefined;
  readonly billing: Address | null | undefined;
}) {
  const t = await getTranslations({ locale, namespace: 'Orders' });
  return (
    <Section title={t('addresses.title')} id="order-addresses-title">
      <div className="grid gap-6 sm:grid-cols-2">
        <div>
          <h3 className="font-semibold">{t('addresses.shipping')}</h3>
          <AddressBlock address={shipping} none={t('addresses.none')} />
        </div>
        <div>
          <h3 className="font-semibold">{t('addresses.billing')}</h3>
          <AddressBlock address={billing} none={t('addresses.none')} />
        </div>
      </div>
    </Section>
  );
}
