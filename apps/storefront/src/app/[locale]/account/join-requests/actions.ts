'use server';

import { getTranslations } from 'next-intl/server';
import { decideJoinRequest } from '@/backend/join-requests';
import { getBuyerSession } from '@/backend/session';
import { type AppLocale, localeOrDefault } from '@/i18n/routing';

export interface JoinDecisionState {
  readonly ok?: boolean;
  readonly message?: string;
}

const REQUEST_ID = /^[0-9a-fA-F-]{36}$/;
const MAX_REASON = 500;

/** Approves or declines one join request (the button pressed names the decision); a decline needs a reason. */
export async function decideJoinRequestAction(
  locale: AppLocale,
  requestId: string,
  name: string,
  _previous: JoinDecisionState,
  form: FormData,
): Promise<JoinDecisionState> {
  const lang = localeOrDefault(locale);
  const t = await getTranslations({ locale: lang, namespace: 'Account.joinRequests' });
  const decision = form.get('decision');
  const raw = form.get('reason');
  const reason = typeof raw === 'string' ? raw.trim().slice(0, MAX_REASON) : '';
  const buyer = await getBuyerSession();
  if (!buyer || !REQUEST_ID.test(requestId) || (decision !== 'approve' && decision !== 'decline')) {
    return { ok: false, message: t('failed') };
  }
  if (decision === 'decline' && !reason) return { ok: false, message: t('reasonRequired') };
  const result = await decideJoinRequest(buyer.token, requestId, decision, reason || undefined);
  if (result !== 'ok') {
    if (result === 'failed') console.warn(`[join-requests] ${decision} ${requestId} failed`);
    return { ok: false, message: t(result) };
  }
  // No revalidation: the decided request keeps its card, showing the result, until the next visit.
  return { ok: true, message: decision === 'approve' ? t('approved', { name }) : t('declined') };
}
