import { headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
// Not next-intl's `hasLocale`: importing 'next-intl' itself puts its client provider in every page's JavaScript.
import { isAppLocale, LOCALE_HEADER, routing } from './routing';

const loaders = {
  en: () => import('../../messages/en.json'),
  da: () => import('../../messages/da.json'),
  de: () => import('../../messages/de.json'),
} as const;

export default getRequestConfig(async ({ requestLocale }) => {
  // The `[locale]` segment decides; outside it (e.g. a not-found page) fall back to the header the
  // proxy forwards, then to the default locale.
  let requested = await requestLocale;
  if (!isAppLocale(requested)) requested = (await headers()).get(LOCALE_HEADER) ?? undefined;
  const locale = isAppLocale(requested) ? requested : routing.defaultLocale;

  return {
    locale,
    messages: (await loaders[locale]()).default,
  };
});
