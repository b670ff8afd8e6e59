import { headers } from 'next/headers';
import { Me, type MeUser } from 'ordercloud-javascript-sdk';
import { cache } from 'react';
import { PATH_HEADER, signInHref } from '../auth/return-to';
import { readSessionTokens } from '../auth/session';
import { redirect } from '../i18n/navigation';
import { type AppLocale, localeOrDefault } from '../i18n/routing';
import { asBuyer, hasPlatformStatus } from './sdk';

/*
 * Who is shopping: the signed-in buyer of this request, for server components and server actions.
 *
 *   const buyer = await requireBuyer(locale);   // redirects to /{locale}/sign-in?returnTo=<this page>
 *   Me.ListProducts({}, asBuyer(buyer.token));  // every platform call with the buyer's own token
 *   formatMoney(12.5, buyer.currency, locale);  // src/format/money.ts
 *
 *   const buyer = await getBuyerSession();      // same, or undefined instead of a redirect
 *
 * - The access token comes from the `actuate_session` cookie; the proxy has already renewed it from
 *   the refresh cookie when it expired (src/auth/refresh.ts), so pages never refresh themselves.
 * - `user` is `Me.Get`, memoized per request only, so a revoked token is refused on its next page. A
 *   token the platform rejects (401) counts as signed out.
 * - `currency` is the token's `cur` claim (the company's currency, DKK or EUR), `companyId` its `bid`.
 * - `customer` identifies the buyer's company to the price service: the sales company comes from the
 *   user's xp, the customer ERP id from the company's xp, which the platform returns with `Me.Get`
 *   (`Buyer.xp`, its extension of OrderCloud's MeBuyer); it is undefined when unknown (a pending
 *   registration), and callers then fall back to the platform's price schedules.
 */

export interface BuyerUserXp {
  readonly Kind?: string;
  readonly ErpId?: string;
  readonly SalesCompanyId?: string;
  readonly TermsVersionApproved?: number;
  readonly PrivacyVersionApproved?: number;
  readonly [key: string]: unknown;
}

/** The platform's MeUser; its `Buyer` also carries the own company's xp (platform extension). */
export type BuyerUser = MeUser<BuyerUserXp> & {
  readonly Buyer?: {
    readonly ID?: string;
    readonly xp?: { readonly ErpId?: unknown; readonly CreditHold?: unknown };
  };
};

export interface PriceCustomer {
  readonly salesCompanyId: string;
  readonly customerErpId: string;
}

export interface BuyerSession {
  /** The buyer's platform access token: pass it with `asBuyer(token)` to every SDK call. */
  readonly token: string;
  readonly user: BuyerUser;
  /** The buyer's company (OrderCloud buyer ID). */
  readonly companyId: string;
  /** Currency of the company's prices and orders. */
  readonly currency: 'DKK' | 'EUR';
  /** The user's preferred language if the platform knows it (the page's locale decides the UI). */
  readonly language?: string;
  readonly roles: readonly string[];
  /** The customer for the price service, when it can be determined. */
  readonly customer?: PriceCustomer;
  /** A registrant whose registration is not complete yet: may see the profile, may not shop. */
  readonly pending: boolean;
  /**
   * A colleague their company's administrator created who has not accepted the terms yet (no
   * `xp.Kind`): the CRM and the ERP know them once they do (the terms page), and only then may they order.
   */
  readonly invited: boolean;
  /** The company is on credit hold: the middleware refuses every new order until it is lifted. */
  readonly creditHold: boolean;
  /** The buyer's name for the header (first and last name, else the username). */
  readonly displayName: string;
}

interface TokenClaims {
  readonly cur?: string;
  readonly bid?: string;
  readonly lang?: string;
  readonly role?: string | string[];
}

/** The claims of a JWT, unverified (the platform verifies the token on every call; these are for display). */
export function tokenClaims(token: string): TokenClaims {
  const payload = token.split('.')[1];
  if (!payload) return {};
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
  } catch {
    return {};
  }
}

/** The buyer of this request, or undefined (no session, or a token the platform rejects). */
export const getBuyerSession = cache(async (): Promise<BuyerSession | undefined> => {
  const { accessToken } = await readSessionTokens();
  if (!accessToken) return undefined;
  let user: BuyerUser;
  try {
    // Asked on every page, never cached: it is what refuses a revoked token at once.
    user = await Me.Get<BuyerUser>(asBuyer(accessToken));
  } catch (error) {
    if (hasPlatformStatus(error, 401)) return undefined;
    throw error;
  }
  const claims = tokenClaims(accessToken);
  const companyId = claims.bid ?? user.Buyer?.ID ?? '';
  const currency = (claims.cur ?? user.Locale?.Currency) === 'DKK' ? 'DKK' : 'EUR';
  const roles =
    user.AvailableRoles ?? (Array.isArray(claims.role) ? claims.role : claims.role ? [claims.role] : []);
  const salesCompanyId = user.xp?.SalesCompanyId;
  const companyErpId = user.Buyer?.xp?.ErpId;
  const erpId = typeof companyErpId === 'string' ? companyErpId : undefined;
  const language = claims.lang ?? user.Locale?.Language;
  const displayName =
    [user.FirstName, user.LastName].filter(Boolean).join(' ') || user.Username || user.Email || '';
  return {
    pending: isPendingRegistrant(user, roles),
    invited: user.xp?.Kind === undefined,
    creditHold: user.Buyer?.xp?.CreditHold === true,
    displayName,
    token: accessToken,
    user,
    companyId,
    currency,
    roles,
    ...(language ? { language } : {}),
    ...(salesCompanyId && erpId ? { customer: { salesCompanyId, customerErpId: erpId } } : {}),
  };
});

/**
 * A registrant whose registration is still being processed: the seed and the middleware mark the user
 * `xp.Kind: 'Pending'` and give them no Shopper role (catalog-data's PENDING_USER_ROLES), so every shop
 * call would be refused.
 */
function isPendingRegistrant(user: Pick<BuyerUser, 'xp'>, roles: readonly string[]): boolean {
  return user.xp?.Kind === 'Pending' || !roles.includes('Shopper');
}

/**
 * The buyer of this request; when there is none, sends the browser to the sign-in page, which brings
 * them back to the page they opened (the path the proxy forwards, checked by `safeReturnTo`).
 * A pending registrant is sent home, which says the account is pending (a shop page would only fail),
 * unless the page allows them (`allowPending`: their profile and the terms).
 */
export async function requireBuyer(
  locale: AppLocale | string,
  { allowPending = false }: { readonly allowPending?: boolean } = {},
): Promise<BuyerSession> {
  const buyer = await getBuyerSession();
  if (!buyer) {
    const path = (await headers()).get(PATH_HEADER);
    return redirect({ href: signInHref(path), locale: localeOrDefault(locale) });
  }
  if (buyer.pending && !allowPending) return redirect({ href: '/', locale: localeOrDefault(locale) });
  return buyer;
}
