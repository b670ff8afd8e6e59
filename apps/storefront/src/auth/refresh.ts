import { getConfig } from '../config';
import { requestRefreshedToken, type TokenResult } from './platform-token';

/*
 * Renews the access token with the refresh token. The platform rotates refresh tokens and revokes
 * the whole family when a rotated one is presented again, so concurrent requests of one buyer (the
 * client router fetches several routes at once) must not each spend the same refresh token: the
 * first renewal's promise is shared by every request that presents that refresh token within
 * SHARE_MS (per process; the storefront runs one Node.js process per instance and a buyer's
 * requests of one page load reach the same instance in practice).
 */

const SHARE_MS = 60_000;
const inFlight = new Map<string, { promise: Promise<TokenResult>; at: number }>();

export function refreshAccessToken(refreshToken: string, doFetch?: typeof fetch): Promise<TokenResult> {
  const now = Date.now();
  for (const [key, entry] of inFlight) if (now - entry.at > SHARE_MS) inFlight.delete(key);
  const existing = inFlight.get(refreshToken);
  if (existing) return existing.promise;
  const config = getConfig();
  const promise = requestRefreshedToken({
    platformUrl: config.platformUrl,
    clientId: config.orderCloudClientId,
    refreshToken,
    ...(doFetch ? { fetch: doFetch } : {}),
  });
  inFlight.set(refreshToken, { promise, at: now });
  // A transport failure may be retried by the next request.
  promise.then((result) => {
    if (!result.ok && result.reason === 'unavailable') inFlight.delete(refreshToken);
  });
  return promise;
}
