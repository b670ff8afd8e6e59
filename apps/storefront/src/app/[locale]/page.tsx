import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { localize } from '@/content/props';
import { RenderLayout } from '@/content/render-layout';
import { getPageLayout } from '@/content/source';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';

export async function generateMetadata({ params }: PageProps<'/[locale]'>): Promise<Metadata> {
  const locale = localeOrDefault((await params).locale);
  const title = getPageLayout('home').title;
  return title ? { title: localize(title, locale) } : {};
}

/** Home: composed from the content layout `content/pages/home.json`. */
export default async function HomePage({ params }: PageProps<'/[locale]'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  return <RenderLayout layout={getPageLayout('home')} locale={locale} Link={Link} />;
}
