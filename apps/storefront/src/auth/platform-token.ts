/*
 * Signs a buyer in at the commerce platform: OrderCloud's password grant on `/oauth/token`, and
 * renews the access token with the refresh token grant (`requestRefreshedToken`). Expected failures
 * are results, not exceptions. The platform rotates the refresh token on every use: always keep the
 * `refreshToken` of the latest answer.
 */

/**
 * Roles the storefront asks for; the platform grants the intersection with the user's own roles.
 * Beyond shopping: subscriptions and saved cards of one's own, and — for buyer admins only, who hold
 * them — reading the company record, its users and their user groups (account page), and the
 * approval rules an approval card names.
 */
export const BUYER_SCOPE = [
  'Shopper',
  'MeAdmin',
  'MeAddressAdmin',
  'MeXpAdmin',
  'MeSubscriptionAdmin',
  'MeCreditCardAdmin',
  'BuyerReader',
  'BuyerUserReader',
  'BuyerUserAdmin',
  'UserGroupReader',
  'UserGroupAdmin',
  'ApprovalRuleReader',
  'ApprovalRuleAdmin',
  'SpendingAccountReader',
  'SpendingAccountAdmin',
  'CostCenterReader',
  'CostCenterAdmin',
] as const;

export type TokenFailure = 'invalid-credentials' | 'too-many-attempts' | 'unavailable';

export type TokenResult =
  | {
      readonly ok: true;
      readonly accessToken: string;
      readonly expiresIn: number;
      /** Present when the client may refresh (the storefront's client may). */
      readonly refreshToken?: string;
    }
  | { readonly ok: false; readonly reason: TokenFailure; readonly detail?: string };

export interface PasswordTokenRequest {
  readonly platformUrl: string;
  readonly clientId: string;
  readonly username: string;
  readonly password: string;
  /** The visitor's address: the platform throttles failed logins per account and address. */
  readonly clientAddress?: string;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

export async function requestPasswordToken(request: PasswordTokenRequest): Promise<TokenResult> {
  const body = new URLSearchParams({
    grant_type: 'password',
    client_id: request.clientId,
    username: request.username,
    password: request.password,
    scope: BUYER_SCOPE.join(' '),
  });
  return postTokenRequest(request, body, request.clientAddress);
}

/** The roles an anonymous visitor's token asks for: browsing the catalogue, nothing else. */
export const ANONYMOUS_SCOPE = ['Shopper'] as const;

export interface AnonymousTokenRequest {
  readonly platformUrl: string;
  /** An IsAnonBuyer API client: OrderCloud's anonymous auth sends no secret. */
  readonly clientId: string;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

/** OrderCloud's anonymous auth (the SDK's `Auth.Anonymous`): client_credentials without a secret. */
export async function requestAnonymousToken(request: AnonymousTokenRequest): Promise<TokenResult> {
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: request.clientId,
    scope: ANONYMOUS_SCOPE.join(' '),
  });
  return postTokenRequest(request, body);
}

export interface RefreshTokenRequest {
  readonly platformUrl: string;
  readonly clientId: string;
  readonly refreshToken: string;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

/** OrderCloud's refresh_token grant; a rejected (expired, revoked, rotated) token is `invalid-credentials`. */
export async function requestRefreshedToken(request: RefreshTokenRequest): Promise<TokenResult> {
  const body = new URLSearchParams({
    grant_type: 'refresh_token',
    client_id: request.clientId,
    refresh_token: request.refreshToken,
  });
  return postTokenRequest(request, body);
}

async function postTokenRequest(
  request: { platformUrl: string; fetch?: typeof fetch; timeoutMs?: number },
  body: URLSearchParams,
  clientAddress?: string,
): Promise<TokenResult> {
  const doFetch = request.fetch ?? fetch;

  let response: Response;
  try {
    response = await doFetch(`${request.platformUrl}/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        ...(clientAddress ? { 'x-forwarded-for': clientAddress } : {}),
      },
      body,
      cache: 'no-store',
      signal: AbortSignal.timeout(request.timeoutMs ?? 5000),
    });
  } catch (error) {
    return {
      ok: false,
      reason: 'unavailable',
      detail: error instanceof Error ? error.message : String(error),
    };
  }

  if (response.status === 429) return { ok: false, reason: 'too-many-attempts' };
  if (response.status === 400 || response.status === 401 || response.status === 403) {
    return { ok: false, reason: 'invalid-credentials' };
  }
  if (!response.ok)
    return { ok: false, reason: 'unavailable', detail: `platform answered ${response.status}` };

  const json: unknown = await response.json().catch(() => undefined);
  const token = json as { access_token?: unknown; expires_in?: unknown; refresh_token?: unknown } | undefined;
  if (typeof token?.access_token !== 'string' || token.access_token === '') {
    return { ok: false, reason: 'unavailable', detail: 'token response without access_token' };
  }
  const expiresIn =
    typeof token.expires_in === 'number' && Number.isFinite(token.expires_in) && token.expires_in > 0
      ? Math.floor(token.expires_in)
      : 600;
  const refreshToken =
    typeof token.refresh_token === 'string' && token.refresh_token !== '' ? token.refresh_token : undefined;
  return { ok: true, accessToken: token.access_token, expiresIn, ...(refreshToken ? { refreshToken } : {}) };
}

export interface RevokeSessionRequest {
  readonly platformUrl: string;
  readonly clientId: string;
  readonly accessToken?: string;
  readonly refreshToken?: string;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

export type RevokeResult = { readonly ok: true } | { readonly ok: false; readonly detail: string };

/**
 * Sign-out on the platform: `DELETE /v1/me/tokens` refuses every token of the user's sessions from the
 * next request on, the access token and the refresh token alike (a copied cookie is worthless after
 * sign-out). Without a live access token the refresh token buys one first; a refresh token the platform
 * refuses has nothing left to revoke. Never throws: the caller clears the cookies either way.
 */
export async function revokePlatformSession(request: RevokeSessionRequest): Promise<RevokeResult> {
  const revokeWith = async (accessToken: string): Promise<number | string> => {
    try {
      const response = await (request.fetch ?? fetch)(`${request.platformUrl}/v1/me/tokens`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        cache: 'no-store',
        signal: AbortSignal.timeout(request.timeoutMs ?? 5000),
      });
      return response.status;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };
  let answer = request.accessToken ? await revokeWith(request.accessToken) : undefined;
  if ((answer === undefined || answer === 401) && request.refreshToken) {
    const refreshed = await requestRefreshedToken({
      platformUrl: request.platformUrl,
      clientId: request.clientId,
      refreshToken: request.refreshToken,
      ...(request.fetch ? { fetch: request.fetch } : {}),
      ...(request.timeoutMs ? { timeoutMs: request.timeoutMs } : {}),
    });
    if (!refreshed.ok) {
      return refreshed.reason === 'invalid-credentials'
        ? { ok: true }
        : { ok: false, detail: refreshed.detail ?? refreshed.reason };
    }
    answer = await revokeWith(refreshed.accessToken);
  }
  // Nothing to revoke, or the access token was already refused and no refresh token can renew it.
  if (answer === undefined || answer === 204 || answer === 401) return { ok: true };
  return { ok: false, detail: typeof answer === 'number' ? `platform answered ${answer}` : answer };
}
