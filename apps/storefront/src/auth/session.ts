import { cookies } from 'next/headers';

/*
 * The buyer's session: the platform's access token, kept only in an httpOnly, Secure, SameSite=Lax
 * cookie (DESIGN §4). Browser code never sees it.
 */

export const SESSION_COOKIE = 'actuate_session';

export async function startSession(accessToken: string, expiresInSeconds: number): Promise<void> {
  (await cookies()).set(SESSION_COOKIE, accessToken, {
    httpOnly: true,
    secure: true,
    sameSite: 'lax',
    path: '/',
    maxAge: expiresInSeconds,
  });
}

export async function endSession(): Promise<void> {
  (await cookies()).delete({ name: SESSION_COOKIE, path: '/' });
}

/** Whether a session cookie is present (its token is checked by the platform on each call). */
export async function hasSession(): Promise<boolean> {
  return Boolean((await cookies()).get(SESSION_COOKIE)?.value);
}
