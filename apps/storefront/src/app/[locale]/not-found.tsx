import { getLocale } from 'next-intl/server';
import { NotFoundContent } from '@/components/not-found-content';
import { localeOrDefault } from '@/i18n/routing';

/** Rendered when a page under `[locale]` calls `notFound()` (e.g. an unknown order, later). */
export default async function LocaleNotFound() {
  return <NotFoundContent locale={localeOrDefault(await getLocale())} />;
}
