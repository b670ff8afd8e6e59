import '../globals.css';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SiteDocument } from '@/components/site-document';
import { getConfig } from '@/config';
import { type AppLocale, isAppLocale, offeredLocales } from '@/i18n/routing';

/** The locale of the segment, or a 404 for anything that is not an offered locale. */
async function offeredLocale(params: Promise<{ locale: string }>): Promise<AppLocale> {
  const { locale } = await params;
  if (!isAppLocale(locale) || !offeredLocales(getConfig().localizationEnabled).includes(locale)) notFound();
  return locale;
}

export async function generateMetadata({ params }: LayoutProps<'/[locale]'>): Promise<Metadata> {
  const locale = await offeredLocale(params);
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return {
    title: { template: `%s · ${t('siteName')}`, default: t('siteName') },
    description: t('description'),
  };
}

export default async function LocaleLayout({ children, params }: LayoutProps<'/[locale]'>) {
  const locale = await offeredLocale(params);
  setRequestLocale(locale);
  return <SiteDocument locale={locale}>{children}</SiteDocument>;
}
