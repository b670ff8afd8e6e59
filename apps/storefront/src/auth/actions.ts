'use server';

import { headers } from 'next/headers';
import { redirect as redirectToPath } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { Me, type MeUser } from 'ordercloud-javascript-sdk';
import { asBuyer } from '../backend/sdk';
import { forgetToken } from '../backend/visibility';
import { getConfig } from '../config';
import { redirect } from '../i18n/navigation';
import { type AppLocale, localeOrDefault } from '../i18n/routing';
import { afterSignInPath } from './after-sign-in';
import { requestPasswordToken, revokePlatformSession, type TokenFailure } from './platform-token';
import { RETURN_TO_PARAM } from './return-to';
import { endSession, readSessionTokens, startSession } from './session';

export interface SignInState {
  readonly error?: string;
  /** The username is given back so the buyer does not have to type it again. */
  readonly username?: string;
}

const FAILURE_MESSAGE = {
  'invalid-credentials': 'invalidCredentials',
  'too-many-attempts': 'tooManyAttempts',
  unavailable: 'unavailable',
} as const satisfies Record<TokenFailure, string>;

const MAX_FIELD_LENGTH = 256;

function field(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === 'string' ? value.slice(0, MAX_FIELD_LENGTH) : '';
}

/** The address the request reached the storefront from: the last hop its front (or Next.js) recorded. */
async function visitorAddress(): Promise<string | undefined> {
  const forwarded = (await headers()).get('x-forwarded-for');
  const last = forwarded?.split(',').at(-1)?.trim();
  return last || undefined;
}

export async function signIn(
  locale: AppLocale,
  _previous: SignInState,
  formData: FormData,
): Promise<SignInState> {
  const lang = localeOrDefault(locale);
  const t = await getTranslations({ locale: lang, namespace: 'SignIn.errors' });
  const username = field(formData, 'username').trim();
  const password = field(formData, 'password');
  if (!username || !password) return { error: t('missingFields'), username };

  const config = getConfig();
  const result = await requestPasswordToken({
    platformUrl: config.platformUrl,
    clientId: config.orderCloudClientId,
    username,
    password,
    clientAddress: await visitorAddress(),
  });
  if (!result.ok) {
    if (result.reason === 'unavailable')
      console.warn(`[sign-in] platform unavailable: ${result.detail ?? ''}`);
    return { error: t(FAILURE_MESSAGE[result.reason]), username };
  }

  await startSession(result.accessToken, result.expiresIn, result.refreshToken);
  // Back to the page that asked for sign-in, if it is one of ours (never another site), else home in
  // the language of the buyer's profile.
  return redirectToPath(
    afterSignInPath({
      returnTo: formData.get(RETURN_TO_PARAM),
      preferredLanguages: await profileLanguages(result.accessToken),
      pageLocale: lang,
      localizationEnabled: config.localizationEnabled,
    }),
  );
}

/** The languages of the buyer's profile: the one chosen on the account page, then the platform's. */
async function profileLanguages(accessToken: string): Promise<unknown[]> {
  try {
    const me = await Me.Get<MeUser<{ PreferredLanguage?: unknown }>>(asBuyer(accessToken));
    return [me.xp?.PreferredLanguage, me.Locale?.Language];
  } catch (error) {
    console.warn(`[sign-in] profile language unknown: ${String(error)}`);
    return [];
  }
}

/**
 * Ends the session on the platform first (its tokens stop working, not only this browser's cookies),
 * then clears the cookies, also when the platform could not be reached.
 */
export async function signOut(locale: AppLocale): Promise<void> {
  const config = getConfig();
  const tokens = await readSessionTokens();
  forgetToken(tokens.accessToken);
  const revoked = await revokePlatformSession({
    platformUrl: config.platformUrl,
    clientId: config.orderCloudClientId,
    ...tokens,
  });
  if (!revoked.ok) console.warn(`[sign-out] platform tokens not revoked: ${revoked.detail}`);
  await endSession();
  redirect({ href: '/', locale: localeOrDefault(locale) });
}
