/**
 * The storefront's main navigation. Every entry is declared here, but only the ones whose page exists
 * are shown (`available`); a test keeps the flag in step with the files under `src/app/[locale]/`.
 * Each entry also names who it is for (`audience`), so a signed-out visitor is not offered pages that
 * would only send them to sign-in, and a pending registrant not pages that would refuse them.
 */
export interface MainNavEntry {
  /** Key in the `Nav` messages. */
  readonly key:
    | 'home'
    | 'catalogue'
    | 'quickOrder'
    | 'lists'
    | 'quotes'
    | 'cart'
    | 'orders'
    | 'approvals'
    | 'account';
  /** Path without the locale prefix. */
  readonly href: string;
  readonly available: boolean;
  /**
   * everyone: also signed out; browser: signed out or a shopper (not a pending registrant, whom the
   * shop pages send home); signedIn: any signed-in user, a pending registrant too (their profile);
   * shopper: a buyer who may shop; approver: a shopper who approves colleagues' orders.
   */
  readonly audience: 'everyone' | 'browser' | 'signedIn' | 'shopper' | 'approver';
}

export const mainNavigation: readonly MainNavEntry[] = [
  { key: 'home', href: '/', available: true, audience: 'everyone' },
  { key: 'catalogue', href: '/catalog', available: true, audience: 'browser' },
  { key: 'quickOrder', href: '/quick-order', available: true, audience: 'shopper' },
  { key: 'lists', href: '/lists', available: true, audience: 'shopper' },
  { key: 'quotes', href: '/quotes', available: true, audience: 'shopper' },
  { key: 'cart', href: '/cart', available: true, audience: 'shopper' },
  { key: 'orders', href: '/orders', available: true, audience: 'shopper' },
  { key: 'approvals', href: '/approvals', available: true, audience: 'approver' },
  { key: 'account', href: '/account', available: true, audience: 'signedIn' },
];

/** Who is looking at the page, as far as the navigation cares. */
interface NavVisitor {
  readonly signedIn: boolean;
  /** May shop (signed in and not a pending registrant). */
  readonly shopper: boolean;
  readonly approver: boolean;
}

const SIGNED_OUT: NavVisitor = { signedIn: false, shopper: false, approver: false };

function isFor(entry: MainNavEntry, visitor: NavVisitor): boolean {
  switch (entry.audience) {
    case 'everyone':
      return true;
    case 'browser':
      return !visitor.signedIn || visitor.shopper;
    case 'signedIn':
      return visitor.signedIn;
    case 'shopper':
      return visitor.shopper;
    case 'approver':
      return visitor.shopper && visitor.approver;
  }
}

/** The entries whose page exists and that are meant for this visitor (signed out when omitted). */
export function availableNavigation(visitor: NavVisitor = SIGNED_OUT): readonly MainNavEntry[] {
  return mainNavigation.filter((entry) => entry.available && isFor(entry, visitor));
}

/** Whether `pathname` (without locale prefix) is the entry's page or below it. */
export function isActive(entry: Pick<MainNavEntry, 'href'>, pathname: string): boolean {
  if (entry.href === '/') return pathname === '/' || pathname === '';
  return pathname === entry.href || pathname.startsWith(`${entry.href}/`);
}
