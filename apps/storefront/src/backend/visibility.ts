import { Me } from 'ordercloud-javascript-sdk';
import { asBuyer } from './sdk';
import { TtlCache, tokenKey } from './ttl-cache';

/*
 * What one storefront server may reuse of the platform's answers between pages (issue #24).
 *
 * Per token (`perToken`, TOKEN_TTL_MS): the user's groups and the count of approvable orders. `/me` is
 * not cached (session.ts): every page proves its token, so a revoked token (signed out elsewhere, user
 * deactivated) is refused on its next page. A group change shows within TOKEN_TTL_MS (3 s); the
 * storefront's own writes (profile, terms, approvals, sign-out) forget the token's answers at once
 * (`forgetToken`).
 *
 * Per catalogue view (`catalogueShared`, CATALOGUE_TTL_MS): a family's sales items, the families and the
 * facet definitions, shared by every user who sees the same catalogue. The platform decides `/me/products`
 * and `/me/categories` by the caller's company and user groups only (apps/platform
 * src/modules/catalog/buyer-access.ts, `partyOf`: its own caches are keyed `buyerId|groupIds`): the
 * catalogs assigned to the company, the category and product assignments to the company or its groups,
 * and the price schedule by group > company > default. So answers are shared only under that same key,
 * `party:<company>|<sorted group IDs>`, never across companies. When the groups cannot be known
 * for sure (error, more than one page), the key is the token itself (nothing shared). The platform does
 * not publish its catalogue generation, so a catalogue edit reaches buyers within CATALOGUE_TTL_MS (20 s).
 */

export const TOKEN_TTL_MS = 3_000;
export const CATALOGUE_TTL_MS = 20_000;

const perToken = new TtlCache<unknown>(TOKEN_TTL_MS, 10_000);
export const catalogueShared = new TtlCache<unknown>(CATALOGUE_TTL_MS, 2_000);
// A listing holds a page of whole products with its facet counts: fewer of them.
export const listingsShared = new TtlCache<unknown>(CATALOGUE_TTL_MS, 200);

/** A token's answer to `what`, reused for TOKEN_TTL_MS. */
export function forToken<V>(token: string, what: string, load: () => Promise<V>): Promise<V> {
  return perToken.get(`${tokenKey(token)}|${what}`, load) as Promise<V>;
}

/** Drops the token's cached answers, after the storefront changed them or the session ended. */
export function forgetToken(token: string | undefined): void {
  if (token) perToken.forget(`${tokenKey(token)}|`);
}

/** The caller's user groups (the first 100), and whether that is all of them; undefined on an error. */
export function myGroups(token: string): Promise<{ ids: string[]; complete: boolean } | undefined> {
  return forToken(token, 'groups', async () => {
    const result = await Me.ListUserGroups({ pageSize: 100 }, asBuyer(token));
    return {
      ids: result.Items.map((group) => group.ID as string),
      complete: (result.Meta?.TotalPages ?? 1) <= 1,
    };
  }).catch(() => undefined);
}

/** The key of a company and group set's catalogue view (the platform's party). */
export function partyKey(companyId: string, groupIds: readonly string[]): string {
  return `party:${JSON.stringify([companyId, [...new Set(groupIds)].sort()])}`;
}

/**
 * Who may share the catalogue answers of this token: the party of a signed-in buyer (their company as
 * the platform's /me says, with their groups), else the token (the anonymous token is one for the server).
 */
export async function catalogueViewKey(token: string, companyId: string | undefined): Promise<string> {
  if (companyId) {
    const groups = await myGroups(token);
    if (groups?.complete) return partyKey(companyId, groups.ids);
  }
  return `token:${tokenKey(token)}`;
}

/** A catalogue answer shared by one view key for CATALOGUE_TTL_MS. */
export function forCatalogueView<V>(viewKey: string, what: string, load: () => Promise<V>): Promise<V> {
  return catalogueShared.get(`${viewKey}|${what}`, load) as Promise<V>;
}

/** A catalogue page's answers for one query, shared by one view key for CATALOGUE_TTL_MS. */
export function forCatalogueListing<V>(viewKey: string, query: string, load: () => Promise<V>): Promise<V> {
  return listingsShared.get(`${viewKey}|${query}`, load) as Promise<V>;
}
