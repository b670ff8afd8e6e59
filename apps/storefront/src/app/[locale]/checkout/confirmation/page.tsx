import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getOrder } from '@/backend/checkout';
import { hasPlatformStatus } from '@/backend/sdk';
import { requireBuyer } from '@/backend/session';
import { formatMoney } from '@/format/money';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/checkout/confirmation'>): Promise<Metadata> {
  const t = await getTranslations({ locale: localeOrDefault((await params).locale), namespace: 'Checkout' });
  return { title: t('confirmationTitle') };
}

/** After submit: the order number, or "awaiting approval" when an approval rule applies. */
export default async function ConfirmationPage({
  params,
  searchParams,
}: PageProps<'/[locale]/checkout/confirmation'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  const buyer = await requireBuyer(locale);
  const t = await getTranslations({ locale, namespace: 'Checkout' });
  const raw = (await searchParams).order;
  const orderId = typeof raw === 'string' ? raw.slice(0, 100) : '';
  const order = orderId
    ? await getOrder(buyer.token, orderId).catch((error) => {
        if (hasPlatformStatus(error, 404, 403)) return undefined;
        throw error;
      })
    : undefined;
  if (!order) {
    return (
      <div className="py-8">
        <h1 className="text-3xl font-bold tracking-tight">{t('confirmationTitle')}</h1>
        <p className="mt-4">{t('orderNotFound')}</p>
      </div>
    );
  }
  const awaiting = order.Status === 'AwaitingApproval';
  return (
    <div className="mx-auto max-w-2xl py-8">
      <h1 className="text-3xl font-bold tracking-tight" data-testid="confirmation-heading">
        {awaiting ? t('awaitingApprovalTitle') : t('thankYou')}
      </h1>
      <div role="status" className="mt-4 rounded-lg border border-line bg-surface-muted p-4">
        <p>
          {order.xp?.OrderNumber ? t('orderNumber') : t('orderId')}{' '}
          <span className="font-mono text-lg font-semibold" data-testid="order-number">
            {order.xp?.OrderNumber ?? order.ID}
          </span>
        </p>
        <p className="mt-2">{awaiting ? t('awaitingApprovalBody') : t('placedBody')}</p>
        <p className="mt-2 text-sm text-ink-muted">
          {t('total')}: {formatMoney(order.Total, order.Currency ?? buyer.currency, locale)}
          {order.xp?.CustomerReference ? ` · ${t('customerReference')}: ${order.xp.CustomerReference}` : ''}
        </p>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link href="/catalog" className="button-secondary">
          {t('continueShopping')}
        </Link>
        <Link href={`/orders/${encodeURIComponent(order.ID ?? '')}`} className="button-secondary">
          {t('viewOrder')}
        </Link>
      </div>
    </div>
  );
}
