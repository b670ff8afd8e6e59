import { getTranslations } from 'next-intl/server';
import type { AppLocale } from '@/i18n/routing';
import { ADDRESS_COUNTRIES, ADDRESS_FIELDS, type AddressField } from './address-form';

/*
 * What the address form (account-forms.tsx) needs from the server, for every page that shows it
 * (account, checkout): the field labels and the countries, named and sorted in the page's language.
 */

export async function addressFormTexts(locale: AppLocale) {
  const t = await getTranslations({ locale, namespace: 'Account.addresses' });
  const regionNames = new Intl.DisplayNames([locale], { type: 'region' });
  const countries = ADDRESS_COUNTRIES.map((code) => ({ code, name: regionNames.of(code) ?? code })).sort(
    (a, b) => a.name.localeCompare(b.name, locale),
  );
  const labels = {
    fields: Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, t(`field.${field}`)])) as Record<
      AddressField,
      string
    >,
    save: t('save'),
    cancel: t('cancel'),
    chooseCountry: t('field.Country'),
  };
  return { countries, labels };
}
