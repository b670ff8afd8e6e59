/*
 * Signs a buyer in at the commerce platform: OrderCloud's password grant on `/oauth/token`.
 * Expected failures are results, not exceptions.
 */

/** Roles the storefront asks for; the platform grants the intersection with the user's own roles. */
export const BUYER_SCOPE = ['Shopper', 'MeAdmin', 'MeAddressAdmin', 'MeXpAdmin'] as const;

export type TokenFailure = 'invalid-credentials' | 'too-many-attempts' | 'unavailable';

export type TokenResult =
  | { readonly ok: true; readonly accessToken: string; readonly expiresIn: number }
  | { readonly ok: false; readonly reason: TokenFailure; readonly detail?: string };

export interface PasswordTokenRequest {
  readonly platformUrl: string;
  readonly clientId: string;
  readonly username: string;
  readonly password: string;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

export async function requestPasswordToken(request: PasswordTokenRequest): Promise<TokenResult> {
  const doFetch = request.fetch ?? fetch;
  const body = new URLSearchParams({
    grant_type: 'password',
    client_id: request.clientId,
    username: request.username,
    password: request.password,
    scope: BUYER_SCOPE.join(' '),
  });

  let response: Response;
  try {
    response = await doFetch(`${request.platformUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
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
  const token = json as { access_token?: unknown; expires_in?: unknown } | undefined;
  if (typeof token?.access_token !== 'string' || token.access_token === '') {
    return { ok: false, reason: 'unavailable', detail: 'token response without access_token' };
  }
  const expiresIn =
    typeof token.expires_in === 'number' && Number.isFinite(token.expires_in) && token.expires_in > 0
      ? Math.floor(token.expires_in)
      : 600;
  return { ok: true, accessToken: token.access_token, expiresIn };
}
