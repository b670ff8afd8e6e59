'use server';

import { getTranslations } from 'next-intl/server';
import { getConfig } from '../../../config';
import { redirect } from '../../../i18n/navigation';
import { type AppLocale, localeOrDefault } from '../../../i18n/routing';

export interface PasswordResetState {
  readonly error?: string;
  /** The request was taken: the same answer whether or not an account matched. */
  readonly sent?: boolean;
}

const MAX_FIELD_LENGTH = 256;
const MIN_PASSWORD_LENGTH = 8;

function field(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === 'string' ? value.slice(0, MAX_FIELD_LENGTH) : '';
}

async function platform(method: 'POST' | 'PUT', path: string, body: unknown) {
  const config = getConfig();
  return fetch(`${config.platformUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ClientID: config.orderCloudClientId, ...(body as object) }),
    signal: AbortSignal.timeout(10_000),
  });
}

/** Asks the platform for a reset link; the answer never tells whether the account exists. */
export async function requestPasswordReset(
  locale: AppLocale,
  _previous: PasswordResetState,
  formData: FormData,
): Promise<PasswordResetState> {
  const lang = localeOrDefault(locale);
  const t = await getTranslations({ locale: lang, namespace: 'PasswordReset.errors' });
  const identifier = field(formData, 'identifier').trim();
  if (!identifier) return { error: t('missingIdentifier') };
  try {
    const response = await platform('POST', '/v1/password/reset', {
      ...(identifier.includes('@') ? { Email: identifier } : { Username: identifier }),
    });
    if (response.status >= 500) return { error: t('unavailable') };
  } catch {
    return { error: t('unavailable') };
  }
  return { sent: true };
}

/** Sets the new password with the code from the mail, then on to sign-in with a note. */
export async function resetPassword(
  locale: AppLocale,
  _previous: PasswordResetState,
  formData: FormData,
): Promise<PasswordResetState> {
  const lang = localeOrDefault(locale);
  const t = await getTranslations({ locale: lang, namespace: 'PasswordReset.errors' });
  const code = field(formData, 'code');
  const username = field(formData, 'username').trim();
  const password = field(formData, 'password');
  if (!code) return { error: t('invalidCode') };
  if (!username || !password) return { error: t('missingFields') };
  if (password.length < MIN_PASSWORD_LENGTH) return { error: t('weakPassword') };
  if (password !== field(formData, 'confirm')) return { error: t('mismatch') };
  let status: number;
  try {
    const response = await platform('PUT', `/v1/password/reset/${encodeURIComponent(code)}`, {
      Username: username,
      Password: password,
    });
    status = response.status;
  } catch {
    return { error: t('unavailable') };
  }
  if (status === 204) return redirect({ href: '/sign-in?reset=done', locale: lang });
  if (status === 429) return { error: t('tooManyAttempts') };
  if (status >= 500) return { error: t('unavailable') };
  return { error: t('invalidCode') };
}
