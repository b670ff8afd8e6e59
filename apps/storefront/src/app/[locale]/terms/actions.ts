'use server';

import { revalidatePath } from 'next/cache';
import { getTranslations } from 'next-intl/server';
import { patchMe } from '@/backend/my-account';
import { policyVersions } from '@/backend/policies';
import { hasPlatformStatus } from '@/backend/sdk';
import { getBuyerSession } from '@/backend/session';
import { type AppLocale, localeOrDefault } from '@/i18n/routing';

export interface TermsState {
  readonly ok?: boolean;
  readonly message?: string;
}

/**
 * Records the acceptance of the current terms and privacy versions in the user's xp
 * (`TermsVersionApproved`, `PrivacyVersionApproved`), which the middleware's pre-submit check reads.
 */
export async function acceptTermsAction(
  locale: AppLocale,
  _previous: TermsState,
  form: FormData,
): Promise<TermsState> {
  const lang = localeOrDefault(locale);
  const t = await getTranslations({ locale: lang, namespace: 'Terms' });
  if (form.get('acceptTerms') !== 'on' || form.get('acceptPrivacy') !== 'on')
    return { ok: false, message: t('mustAccept') };
  const buyer = await getBuyerSession();
  if (!buyer) return { ok: false, message: t('signInRequired') };
  try {
    const { termsVersion, privacyVersion } = await policyVersions();
    await patchMe(buyer.token, {
      xp: { TermsVersionApproved: termsVersion, PrivacyVersionApproved: privacyVersion },
    });
  } catch (error) {
    console.warn(`[terms] accept failed: ${String(error)}`);
    return { ok: false, message: hasPlatformStatus(error, 403) ? t('notAllowed') : t('failed') };
  }
  revalidatePath(`/${lang}/terms`);
  revalidatePath(`/${lang}/account`);
  return { ok: true, message: t('saved') };
}
