import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { requireBuyer } from '@/backend/session';
import { submitGatewayOrderAction } from '@/components/shop/checkout-actions';
import { paymentReturnFrom } from '@/components/shop/payment-return';
import { RedirectReturn } from '@/components/shop/redirect-return';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/checkout/return'>): Promise<Metadata> {
  const t = await getTranslations({ locale: localeOrDefault((await params).locale), namespace: 'Checkout' });
  return { title: t('returnTitle') };
}

/**
 * The returnUrl of redirect methods and Amazon Pay: the bank's answer (`redirectResult`) finishes the
 * payment here; Amazon's (`amazonCheckoutSessionId`) shows the review step, which pays.
 */
export default async function CheckoutReturnPage({
  params,
  searchParams,
}: PageProps<'/[locale]/checkout/return'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  await requireBuyer(locale);
  const t = await getTranslations({ locale, namespace: 'Checkout' });
  const resume = paymentReturnFrom(await searchParams);
  return (
    <div className="mx-auto max-w-2xl py-8">
      <h1 className="text-3xl font-bold tracking-tight">{t('returnTitle')}</h1>
      {resume ? (
        <RedirectReturn
          resume={resume}
          locale={locale}
          submit={submitGatewayOrderAction.bind(null, locale)}
          labels={{
            checking: t('returnChecking'),
            submitting: t('cardSubmitting'),
            failed: t('cardFailed'),
            lost: t('returnLost'),
            back: t('backToCheckout'),
            amazonPay: {
              title: t('amazonPayReviewTitle'),
              amount: t('amazonPayAmount'),
              instrument: t('amazonPayInstrument'),
              account: t('amazonPayAccount'),
              pay: t('amazonPayPay'),
              paying: t('amazonPayPaying'),
              anotherInstrument: t('amazonPayAnotherInstrument'),
            },
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
