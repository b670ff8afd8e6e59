import type { TokenResult } from './platform-token';

/*
 * The anonymous visitor's platform token (OrderCloud's anonymous auth), for the catalogue and the
 * configurator of visitors who have not signed in. The token belongs to the shared anonymous user and
 * may only browse, so one token serves every visitor: it is kept in this server's memory until shortly
 * before it expires and never sent to a browser (no cookie).
 */

/** Ask again this long before the platform's expiry, so no call goes out with an expiring token. */
export const RENEW_BEFORE_MS = 60_000;

export interface AnonymousTokenCache {
  /** The current token; asks the platform when there is none or it is about to expire. */
  token(): Promise<string>;
  /** Forget the token (the platform refused it, e.g. the anonymous user's sessions were revoked). */
  forget(): void;
}

export class AnonymousTokenUnavailable extends Error {
  constructor(detail: string) {
    super(`No anonymous platform token: ${detail}`);
    this.name = 'AnonymousTokenUnavailable';
  }
}

/** A cache around `request`; concurrent callers share one request. `now` is for tests. */
export function anonymousTokenCache(
  request: () => Promise<TokenResult>,
  now: () => number = Date.now,
): AnonymousTokenCache {
  let current: { token: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;
  const fetchToken = async (): Promise<string> => {
    const result = await request();
    if (!result.ok) throw new AnonymousTokenUnavailable(result.detail ?? result.reason);
    current = {
      token: result.accessToken,
      renewAt: now() + Math.max(0, result.expiresIn * 1000 - RENEW_BEFORE_MS),
    };
    return result.accessToken;
  };
  return {
    token() {
      if (current && now() < current.renewAt) return Promise.resolve(current.token);
      pending ??= fetchToken().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    forget() {
      current = undefined;
    },
  };
}
