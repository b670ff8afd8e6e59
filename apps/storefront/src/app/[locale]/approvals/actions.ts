'use server';

import { getTranslations } from 'next-intl/server';
import { decideApproval } from '@/backend/order-history';
import { problemMessage } from '@/backend/problem-message';
import { getBuyerSession } from '@/backend/session';
import { type AppLocale, localeOrDefault } from '@/i18n/routing';

export interface DecisionState {
  readonly ok?: boolean;
  readonly message?: string;
}

const ORDER_ID = /^[A-Za-z0-9_-]{1,100}$/;
const MAX_COMMENT = 2000;

/** Approves or declines one order (the button pressed names the decision), with an optional comment. */
export async function decideAction(
  locale: AppLocale,
  orderId: string,
  _previous: DecisionState,
  form: FormData,
): Promise<DecisionState> {
  const lang = localeOrDefault(locale);
  const t = await getTranslations({ locale: lang, namespace: 'Approvals' });
  const decision = form.get('decision');
  const comment = form.get('comment');
  const comments = typeof comment === 'string' ? comment.trim().slice(0, MAX_COMMENT) : '';
  const buyer = await getBuyerSession();
  if (!buyer || !ORDER_ID.test(orderId) || (decision !== 'approve' && decision !== 'decline')) {
    return { ok: false, message: t('failed') };
  }
  try {
    await decideApproval(buyer.token, orderId, decision, comments || undefined);
  } catch (error) {
    return { ok: false, message: await problemMessage(error, lang, { action: `${decision} ${orderId}` }) };
  }
  // No revalidation: the decided order keeps its card, showing the result, until the next visit.
  return {
    ok: true,
    message: decision === 'approve' ? t('approved', { id: orderId }) : t('declined', { id: orderId }),
  };
}
