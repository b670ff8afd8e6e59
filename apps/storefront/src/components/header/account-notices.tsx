import { getTranslations } from 'next-intl/server';
import type { BuyerSession } from '@/backend/session';
import { Link } from '@/i18n/link';
import type { AppLocale } from '@/i18n/routing';
import { ACCOUNTS_EMAIL } from './contact';

/**
 * What the buyer must know on every page before they try to shop: their registration is still being
 * processed, or their company is on credit hold (which the middleware would otherwise only tell them
 * when they place an order). Read from `/me` on each request, so a reload shows it again.
 */
export async function AccountNotices({
  locale,
  buyer,
}: {
  readonly locale: AppLocale;
  readonly buyer: BuyerSession | undefined;
}) {
  if (!buyer || (!buyer.pending && !buyer.creditHold)) return null;
  const t = await getTranslations({ locale, namespace: 'AccountNotices' });
  const mail = (chunks: React.ReactNode) => (
    <a href={`mailto:${ACCOUNTS_EMAIL}`} className="font-semibold underline underline-offset-4">
      {chunks}
    </a>
  );
  return (
    <div className="border-t border-line">
      <div className="mx-auto max-w-6xl px-4 py-2 sm:px-6">
        {buyer.pending ? (
          <p
            data-testid="pending-notice"
            className="rounded-md border-l-4 border-brand bg-brand-soft px-4 py-3 text-sm text-ink"
          >
            <strong>{t('pendingTitle')}</strong> {t('pending')}{' '}
            <Link href="/account" className="font-semibold underline underline-offset-4">
              {t('pendingAccount')}
            </Link>
          </p>
        ) : null}
        {buyer.creditHold && !buyer.pending ? (
          <p
            data-testid="credit-hold-notice"
            className="rounded-md border-l-4 border-danger bg-danger-soft px-4 py-3 text-sm text-ink"
          >
            <strong className="text-danger">{t('creditHoldTitle')}</strong>{' '}
            {t.rich('creditHold', { email: ACCOUNTS_EMAIL, mail })}
          </p>
        ) : null}
      </div>
    </div>
  );
}
