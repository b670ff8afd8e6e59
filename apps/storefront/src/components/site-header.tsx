import { getTranslations } from 'next-intl/server';
import { signOut } from '@/auth/actions';
import { hasSession } from '@/auth/session';
import { type BuyerSession, getBuyerSession } from '@/backend/session';
import { Link } from '@/i18n/link';
import type { AppLocale } from '@/i18n/routing';
import { availableNavigation } from '@/navigation/main-nav';
import { loadApprovalCount, loadIsApprover } from './account/section-nav';
import { AccountNotices } from './header/account-notices';
import { HeaderMenu } from './header/header-menu';
import { SignInLink } from './header/sign-in-link';
import { LocaleSwitcher } from './locale-switcher';
import { MainNavLinks, type NavLinkItem } from './main-nav-links';

/** The buyer of this request for the header; a platform that cannot answer shows the header signed out. */
async function headerBuyer(): Promise<BuyerSession | undefined> {
  if (!(await hasSession())) return undefined;
  return getBuyerSession().catch((error) => {
    console.warn(`[header] session failed: ${String(error)}`);
    return undefined;
  });
}

/** Orders waiting for this buyer's approval, when they approve (else undefined: no Approvals entry). */
async function approvalsWaiting(buyer: BuyerSession | undefined): Promise<number | undefined> {
  if (!buyer || buyer.pending) return undefined;
  const [approver, count] = await Promise.all([
    loadIsApprover(buyer.token).catch(() => false),
    loadApprovalCount(buyer.token),
  ]);
  return approver ? count : undefined;
}

export async function SiteHeader({ locale }: { readonly locale: AppLocale }) {
  const buyer = await headerBuyer();
  const [tLayout, tNav, tSession, waiting] = await Promise.all([
    getTranslations({ locale, namespace: 'Layout' }),
    getTranslations({ locale, namespace: 'Nav' }),
    getTranslations({ locale, namespace: 'Session' }),
    approvalsWaiting(buyer),
  ]);
  const visitor = {
    signedIn: Boolean(buyer),
    shopper: Boolean(buyer && !buyer.pending),
    approver: waiting !== undefined,
  };
  const items: NavLinkItem[] = availableNavigation(visitor).map((entry) =>
    entry.key === 'approvals' && waiting
      ? {
          href: entry.href,
          label: tNav(entry.key),
          badge: { text: String(waiting), label: tNav('approvalsWaiting', { count: waiting }) },
        }
      : { href: entry.href, label: tNav(entry.key) },
  );

  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-3 px-4 py-3 sm:px-6">
        <Link
          href="/"
          aria-label={tLayout('homeLink')}
          className="text-xl font-bold tracking-tight text-brand"
        >
          Actuate
        </Link>
        <HeaderMenu label={tNav('menu')}>
          {/* From md up: the account controls beside the logo, the navigation on its own row below. */}
          <nav aria-label={tNav('label')} className="md:order-last md:basis-full">
            <MainNavLinks items={items} />
          </nav>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-3 md:ml-auto">
            <LocaleSwitcher locale={locale} />
            {buyer ? (
              <form action={signOut.bind(null, locale)} className="flex flex-wrap items-center gap-3">
                <span className="text-sm text-ink-muted" data-testid="signed-in-as">
                  {tSession.rich('signedInAs', {
                    name: buyer.displayName,
                    who: (chunks) => <span className="font-semibold text-ink">{chunks}</span>,
                  })}
                </span>
                <button type="submit" className="button-secondary">
                  {tSession('signOut')}
                </button>
              </form>
            ) : (
              <SignInLink label={tSession('signIn')} />
            )}
          </div>
        </HeaderMenu>
      </div>
      <AccountNotices locale={locale} buyer={buyer} />
    </header>
  );
}
