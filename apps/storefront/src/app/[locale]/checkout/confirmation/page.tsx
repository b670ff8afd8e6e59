import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getWorksheet, shipEstimates } from '@/backend/checkout';
import { getOrderDetail, type OrderDetail } from '@/backend/order-history';
import { requireBuyer } from '@/backend/session';
import { day } from '@/components/orders/format';
import { expectedDeliveryDay } from '@/components/orders/order-amounts';
import { PaymentStateBadge, TransferInstructionsPanel } from '@/components/orders/payment-state';
import { paymentStateOf, storedInstructions } from '@/components/shop/gateway-outcome';
import { formatMoney } from '@/format/money';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';
import { OrderAddresses } from '../../orders/[id]/order-addresses';
import { OrderLines } from '../../orders/[id]/order-lines';

/** The day the order is expected at the buyer: the chosen ship method's transit days after it ships. */
async function expectedDelivery(token: string, order: OrderDetail['order']): Promise<string | undefined> {
  if (order.Status === 'AwaitingApproval') return undefined;
  const worksheet = await getWorksheet(token, order.ID).catch(() => undefined);
  const estimate = shipEstimates(worksheet).find((candidate) => candidate.SelectedShipMethodID);
  const method = estimate?.ShipMethods?.find((candidate) => candidate.ID === estimate.SelectedShipMethodID);
  const xp = (order.xp ?? {}) as { ConfirmedShippingDate?: string };
  return expectedDeliveryDay(xp.ConfirmedShippingDate ?? order.DateSubmitted, method?.EstimatedTransitDays);
}

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/checkout/confirmation'>): Promise<Metadata> {
  const t = await getTranslations({ locale: localeOrDefault((await params).locale), namespace: 'Checkout' });
  return { title: t('confirmationTitle') };
}

/**
 * After submit: the order number (or "awaiting approval" when an approval rule applies), the lines
 * and totals, the addresses and the expected delivery day.
 */
export default async function ConfirmationPage({
  params,
  searchParams,
}: PageProps<'/[locale]/checkout/confirmation'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  const buyer = await requireBuyer(locale);
  const t = await getTranslations({ locale, namespace: 'Checkout' });
  const tFields = await getTranslations({ locale, namespace: 'OrderFields.shown' });
  const raw = (await searchParams).order;
  const orderId = typeof raw === 'string' ? raw.slice(0, 100) : '';
  const detail = orderId ? await getOrderDetail(buyer.token, orderId) : undefined;
  const order = detail?.order;
  if (!order) {
    return (
      <div className="py-8">
        <h1 className="text-3xl font-bold tracking-tight">{t('confirmationTitle')}</h1>
        <p className="mt-4">{t('orderNotFound')}</p>
      </div>
    );
  }
  const awaiting = order.Status === 'AwaitingApproval';
  const delivery = day(await expectedDelivery(buyer.token, order), locale);
  // A gateway payment still to come (a bank transfer): its state, and where to transfer to.
  const gatewayXp = detail.payments
    .map((payment) => (payment.xp ?? {}) as Record<string, unknown>)
    .find((xp) => paymentStateOf(xp.PaymentStatus));
  const instructions =
    gatewayXp?.PaymentStatus === 'Pending' ? storedInstructions(gatewayXp.TransferInstructions) : undefined;
  return (
    <div className="mx-auto max-w-3xl py-8">
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
        {order.Comments ? (
          <p className="mt-2 whitespace-pre-line text-sm" data-testid="confirmation-comment">
            {tFields('comment')}: {order.Comments}
          </p>
        ) : null}
        {gatewayXp ? (
          <p className="mt-2">
            <PaymentStateBadge
              locale={locale}
              state={gatewayXp.PaymentStatus}
              method={gatewayXp.PaymentMethod}
            />
          </p>
        ) : null}
        {instructions ? <TransferInstructionsPanel locale={locale} instructions={instructions} /> : null}
        {delivery ? (
          <p className="mt-2 font-medium" data-testid="expected-delivery">
            {t('expectedDelivery', { date: delivery })}
          </p>
        ) : null}
      </div>
      <OrderLines locale={locale} order={order} lines={detail.lines} shippedByLine={new Map()} />
      <OrderAddresses
        locale={locale}
        shipping={detail.lines[0]?.ShippingAddress}
        billing={order.BillingAddress}
      />
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
