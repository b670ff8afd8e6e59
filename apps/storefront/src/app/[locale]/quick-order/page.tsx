import { MAX_QUICK_ORDER_LINES } from '@actuate/contracts';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { requireBuyer } from '@/backend/session';
import { QuickOrderForm } from '@/components/quick-order/quick-order-form';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';

export async function generateMetadata({ params }: PageProps<'/[locale]/quick-order'>): Promise<Metadata> {
  const t = await getTranslations({
    locale: localeOrDefault((await params).locale),
    namespace: 'QuickOrder',
  });
  return { title: t('title') };
}

/** Quick order: many lines pasted, typed or uploaded, checked line by line and added to the cart at once. */
export default async function QuickOrderPage({ params }: PageProps<'/[locale]/quick-order'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  await requireBuyer(locale);
  const t = await getTranslations({ locale, namespace: 'QuickOrder' });
  const tAvailability = await getTranslations({ locale, namespace: 'ItemAvailability' });
  const raw = (key: Parameters<typeof t.raw>[0]) => t.raw(key) as string;
  return (
    <div className="py-8">
      <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
      <p className="mt-2 max-w-prose text-ink-muted">{t('intro', { max: MAX_QUICK_ORDER_LINES })}</p>
      <p className="mt-2">
        {/* A route handler's file: a plain anchor, not a client-side navigation. */}
        <a
          href={`/${locale}/quick-order/template`}
          download="quick-order-template.csv"
          className="text-brand underline underline-offset-2"
        >
          {t('template')}
        </a>
        {' · '}
        <Link href="/cart" className="text-brand underline underline-offset-2">
          {t('goToCart')}
        </Link>
      </p>
      <QuickOrderForm
        locale={locale}
        texts={{
          pasteLabel: t('pasteLabel'),
          pasteHint: t('pasteHint'),
          readPaste: t('readPaste'),
          gridHeading: t('gridHeading'),
          itemOf: raw('itemOf'),
          quantityOf: raw('quantityOf'),
          removeRow: raw('removeRow'),
          addRow: t('addRow'),
          check: t('check'),
          uploadLabel: t('uploadLabel', { max: MAX_QUICK_ORDER_LINES }),
          upload: t('upload'),
          summary: raw('summary'),
          allValid: raw('allValid'),
          addValidOne: raw('addValidOne'),
          addValidOther: raw('addValidOther'),
          addedOne: raw('addedOne'),
          addedOther: raw('addedOther'),
          goToCart: t('goToCart'),
          working: t('working'),
          ok: t('status.ok'),
          unknown: t('status.unknown'),
          notVisible: t('status.notVisible'),
          notOrderable: t('status.notOrderable'),
          states: {
            Blocked: tAvailability('stateBlocked'),
            Discontinued: tAvailability('stateDiscontinued'),
            ComingSoon: tAvailability('stateComingSoon'),
          },
          successor: tAvailability.raw('successor') as string,
          didYouMean: t('didYouMean'),
          useSuggestion: raw('useSuggestion'),
          quantityRange: raw('status.quantityRange'),
          quantityMin: raw('status.quantityMin'),
          quantityMax: raw('status.quantityMax'),
          quantityRestricted: raw('status.quantityRestricted'),
          empty: t('errors.empty'),
          tooManyLines: t('errors.tooManyLines', { max: MAX_QUICK_ORDER_LINES }),
          noLines: t('errors.noLines'),
          tooLarge: t('errors.tooLarge'),
        }}
      />
    </div>
  );
}
