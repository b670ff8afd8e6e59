import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { requireBuyer } from '@/backend/session';
import { submitGatewayOrderAction } from '@/components/shop/checkout-actions';
import { RedirectReturn } from '@/components/shop/redirect-return';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/checkout/return'>): Promise<Metadata> {
  const t = await getTranslations({ locale: localeOrDefault((await params).locale), namespace: 'Checkout' });
  return { title: t('returnTitle') };
}

const SESSION_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The returnUrl of redirect methods: the bank's answer (`redirectResult`) finishes the payment here. */
export default async function CheckoutReturnPage({
  params,
  searchParams,
}: PageProps<'/[locale]/checkout/return'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  await requireBuyer(locale);
  const t = await getTranslations({ locale, namespace: 'Checkout' });
  const query = await searchParams;
  const sessionId = typeof query.sessionId === 'string' ? query.sessionId : '';
  const redirectResult = typeof query.redirectResult === 'string' ? query.redirectResult.slice(0, 8192) : '';
  const valid = SESSION_ID.test(sessionId) && redirectResult.length > 0;
  return (
    <div className="mx-auto max-w-2xl py-8">
      <h1 className="text-3xl font-bold tracking-tight">{t('returnTitle')}</h1>
      {valid ? (
        <RedirectReturn
          sessionId={sessionId}
          redirectResult={redirectResult}
          locale={locale}
          submit={submitGatewayOrderAction.bind(null, locale)}
          labels={{
            checking: t('returnChecking'),
            submitting: t('cardSubmitting'),
            failed: t('cardFailed'),
            lost: t('returnLost'),
            back: t('backToCheckout'),
          }}
        />
      ) : (
        <div role="alert" className="mt-4">
          <p>{t('returnLost')}</p>
          <Link href="/checkout" className="mt-2 inline-block underline">
            {t('backToCheckout')}
          </Link>
        </div>
      )}
    </div>
  );
}
