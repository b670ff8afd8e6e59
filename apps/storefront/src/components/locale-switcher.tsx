import { getTranslations } from 'next-intl/server';
import { getConfig } from '@/config';
import { type AppLocale, localeNames, offeredLocales } from '@/i18n/routing';
import { LocaleSwitcherLinks } from './locale-switcher-links';

/** The locale switcher, or the notice that localization is not enabled (LOCALIZATION_ENABLED=false). */
export async function LocaleSwitcher({ locale }: { readonly locale: AppLocale }) {
  const t = await getTranslations({ locale, namespace: 'LocaleSwitcher' });
  if (!getConfig().localizationEnabled) {
    return (
      <p className="text-sm text-ink-muted" data-testid="localization-disabled">
        {t('notEnabled')}
      </p>
    );
  }
  const options = offeredLocales(true).map((entry) => ({ locale: entry, name: localeNames[entry] }));
  return (
    <nav aria-label={t('label')}>
      <LocaleSwitcherLinks current={locale} options={options} />
    </nav>
  );
}
