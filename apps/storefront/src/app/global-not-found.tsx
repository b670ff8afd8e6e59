import './globals.css';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { NotFoundContent } from '@/components/not-found-content';
import { SiteDocument } from '@/components/site-document';
import { type AppLocale, LOCALE_HEADER, localeOrDefault } from '@/i18n/routing';

/*
 * 404 for every URL that matches no route (experimental.globalNotFound). The proxy has already sent
 * unprefixed paths to a locale, so the locale comes from the header it forwards.
 */

async function requestLocale(): Promise<AppLocale> {
  return localeOrDefault((await headers()).get(LOCALE_HEADER));
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await requestLocale(), namespace: 'NotFound' });
  return { title: `${t('title')} · Actuate` };
}

export default async function GlobalNotFound() {
  const locale = await requestLocale();
  return (
    <SiteDocument locale={locale}>
      <NotFoundContent locale={locale} />
    </SiteDocument>
  );
}
