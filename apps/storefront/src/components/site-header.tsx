import { getTranslations } from 'next-intl/server';
import { signOut } from '@/auth/actions';
import { hasSession } from '@/auth/session';
import { Link } from '@/i18n/link';
import type { AppLocale } from '@/i18n/routing';
import { availableNavigation } from '@/navigation/main-nav';
import { LocaleSwitcher } from './locale-switcher';
import { MainNavLinks } from './main-nav-links';

export async function SiteHeader({ locale }: { readonly locale: AppLocale }) {
  const [tLayout, tNav, tSession, signedIn] = await Promise.all([
    getTranslations({ locale, namespace: 'Layout' }),
    getTranslations({ locale, namespace: 'Nav' }),
    getTranslations({ locale, namespace: 'Session' }),
    hasSession(),
  ]);
  const items = availableNavigation().map((entry) => ({ href: entry.href, label: tNav(entry.key) }));

  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3 sm:px-6">
        <Link
          href="/"
          aria-label={tLayout('homeLink')}
          className="text-xl font-bold tracking-tight text-brand"
        >
          Actuate
        </Link>
        <nav aria-label={tNav('label')} className="flex-1">
          <MainNavLinks items={items} />
        </nav>
        <div className="flex flex-wrap items-center gap-4">
          <LocaleSwitcher locale={locale} />
          {signedIn ? (
            <form action={signOut.bind(null, locale)} className="flex items-center gap-3">
              <span className="text-sm text-ink-muted">{tSession('signedIn')}</span>
              <button type="submit" className="button-secondary">
                {tSession('signOut')}
              </button>
            </form>
          ) : (
            <Link href="/sign-in" className="button-secondary">
              {tSession('signIn')}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
