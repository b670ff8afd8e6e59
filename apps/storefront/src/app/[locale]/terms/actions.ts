'use server';

import { revalidatePath } from 'next/cache';
import { getTranslations } from 'next-intl/server';
import { patchMe } from '@/backend/my-account';
import { acceptInvitation, policyVersions } from '@/backend/policies';
import { hasPlatformStatus } from '@/backend/sdk';
import { getBuyerSession } from '@/backend/session';
import { forgetToken } from '@/backend/visibility';
import { type AppLocale, localeOrDefault } from '@/i18n/routing';

export interface TermsState {
  readonly ok?: boolean;
  readonly message?: string;
}

/**
 * Records the acceptance of the current terms and privacy versions in the user's xp
 * (`TermsVersionApproved`, `PrivacyVersionApproved`), which the middleware's pre-submit check reads.
 * An invited colleague's first acceptance goes through the middleware, which completes the account.
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
    const versions = await policyVersions();
    if (buyer.invited) {
      // The CRM and the ERP must know an invited colleague too: the middleware completes the account.
      const accepted = await acceptInvitation(buyer.token, versions);
      if (accepted !== 'ok')
        return { ok: false, message: t(accepted === 'forbidden' ? 'notAllowed' : 'failed') };
    } else {
      await patchMe(buyer.token, {
        xp: { TermsVersionApproved: versions.termsVersion, PrivacyVersionApproved: versions.privacyVersion },
      });
    }
  } catch (error) {
    console.warn(`[terms] accept failed: ${String(error)}`);
    return { ok: false, message: hasPlatformStatus(error, 403) ? t('notAllowed') : t('failed') };
  } finally {
    forgetToken(buyer.token); // the middleware may have completed the account (kind, groups)
  }
  revalidatePath(`/${lang}/terms`);
  revalidatePath(`/${lang}/account`);
  revalidatePath(`/${lang}/checkout`);
  return { ok: true, message: t('saved') };
}
