import { cookies } from 'next/headers';

/*
 * The buyer's session: the platform's access token and refresh token, each kept only in an
 * httpOnly, Secure, SameSite=Lax cookie (docs/architecture.md §3). Browser code never sees either.
 *
 *  - `actuate_session` holds the access token and expires EXPIRY_MARGIN_SECONDS before the token
 *    does, so a present cookie is a token the platform still accepts (barring revocation).
 *  - `actuate_refresh` holds the refresh token (30 days, the platform's refresh token lifetime).
 *    When the access cookie has expired, the proxy (`src/proxy.ts` → `./refresh.ts`) renews both
 *    before the page runs; server actions and pages read the result with `readSessionTokens()`.
 *
 * Pages should not read these cookies themselves: use `requireBuyer()` / `getBuyerSession()` of
 * `src/backend/session.ts`.
 */

export const SESSION_COOKIE = 'actuate_session';
export const REFRESH_COOKIE = 'actuate_refresh';
/** The access cookie ends this long before the token, so a token never expires on its way to the platform. */
export const EXPIRY_MARGIN_SECONDS = 30;
/** The platform's refresh token lifetime for the storefront's client (43,200 minutes). */
export const REFRESH_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export interface CookieSpec {
  readonly name: string;
  readonly value: string;
  readonly options: {
    httpOnly: true;
    secure: true;
    sameSite: 'lax';
    path: '/';
    maxAge: number;
  };
}

/** The cookies that hold a token answer (pure: used by the sign-in action and by the proxy). */
export function sessionCookies(
  accessToken: string,
  expiresInSeconds: number,
  refreshToken?: string,
): CookieSpec[] {
  const base = { httpOnly: true, secure: true, sameSite: 'lax', path: '/' } as const;
  const specs: CookieSpec[] = [
    {
      name: SESSION_COOKIE,
      value: accessToken,
      options: { ...base, maxAge: Math.max(1, expiresInSeconds - EXPIRY_MARGIN_SECONDS) },
    },
  ];
  if (refreshToken) {
    specs.push({
      name: REFRESH_COOKIE,
      value: refreshToken,
      options: { ...base, maxAge: REFRESH_MAX_AGE_SECONDS },
    });
  }
  return specs;
}

/** Stores a token answer (server actions and route handlers only: pages cannot set cookies). */
export async function startSession(
  accessToken: string,
  expiresInSeconds: number,
  refreshToken?: string,
): Promise<void> {
  const jar = await cookies();
  for (const spec of sessionCookies(accessToken, expiresInSeconds, refreshToken)) {
    jar.set(spec.name, spec.value, spec.options);
  }
}

export async function endSession(): Promise<void> {
  const jar = await cookies();
  jar.delete({ name: SESSION_COOKIE, path: '/' });
  jar.delete({ name: REFRESH_COOKIE, path: '/' });
}

/** The tokens of this request's cookies (the proxy has already renewed an expired access token). */
export async function readSessionTokens(): Promise<{ accessToken?: string; refreshToken?: string }> {
  const jar = await cookies();
  return {
    accessToken: jar.get(SESSION_COOKIE)?.value || undefined,
    refreshToken: jar.get(REFRESH_COOKIE)?.value || undefined,
  };
}

/** Whether the buyer has a session (an access token, or a refresh token that can renew one). */
export async function hasSession(): Promise<boolean> {
  const { accessToken, refreshToken } = await readSessionTokens();
  return Boolean(accessToken || refreshToken);
}
