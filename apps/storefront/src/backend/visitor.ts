import { headers } from 'next/headers';
import { cache } from 'react';
import { AnonymousTokenUnavailable, anonymousTokenCache } from '../auth/anonymous-token';
import { requestAnonymousToken } from '../auth/platform-token';
import { PATH_HEADER, signInHref } from '../auth/return-to';
import { getConfig } from '../config';
import type { AppLocale } from '../i18n/routing';
import { type BuyerSession, getBuyerSession, requireBuyer } from './session';
import { catalogueViewKey } from './visibility';

/*
 * Who browses the catalogue and the configurator: the signed-in buyer, or an anonymous visitor (the
 * spec's anonymous user), who browses with the platform's anonymous token and sees no prices.
 *
 *   const visitor = await catalogueVisitor(locale);
 *   searchSalesItems(visitor.token, query);              // the buyer's token, or the anonymous one
 *   visitor.buyer ? <price …/> : <SignInForPrices href={visitor.signInHref} …/>
 *
 * Prices of anonymous visitors are never computed, so they never reach the browser (b2b: prices are the
 * customer's). Cart, checkout and the after-sales pages keep `requireBuyer`.
 */

/** One anonymous token for the whole server (it is shared and read-only), renewed before it expires. */
const anonymousTokens = anonymousTokenCache(() => {
  const { platformUrl, orderCloudAnonymousClientId } = getConfig();
  return requestAnonymousToken({ platformUrl, clientId: orderCloudAnonymousClientId });
});

export type CatalogueVisitor =
  | { readonly token: string; readonly buyer: BuyerSession }
  | {
      readonly token: string;
      readonly buyer?: undefined;
      /** Sign-in, returning to this page (with its choices and filters). */
      readonly signInHref: string;
    };

/**
 * The buyer of this request (a pending registrant is sent home, as by `requireBuyer`), else the
 * anonymous visitor with the anonymous token and the sign-in link for their prices.
 */
export const catalogueVisitor = cache(async (locale: AppLocale | string): Promise<CatalogueVisitor> => {
  if (await getBuyerSession()) {
    const buyer = await requireBuyer(locale);
    return { token: buyer.token, buyer };
  }
  const path = (await headers()).get(PATH_HEADER);
  try {
    return { token: await anonymousTokens.token(), signInHref: signInHref(path) };
  } catch (error) {
    if (!(error instanceof AnonymousTokenUnavailable)) throw error;
    // No anonymous client or user at the platform (e.g. a database seeded before they existed): sign in.
    console.warn(`[catalogue] anonymous browsing unavailable: ${error.message}`);
    await requireBuyer(locale);
    throw error;
  }
});

/** Who may share this visitor's catalogue answers (visibility.ts: their company and groups), per request. */
export const visitorViewKey = cache(
  (visitor: CatalogueVisitor): Promise<string> =>
    catalogueViewKey(visitor.token, visitor.buyer?.user.Buyer?.ID),
);
