'use server';

import { revalidatePath } from 'next/cache';
import { getTranslations } from 'next-intl/server';
import { decideApproval } from '@/backend/order-history';
import { problemMessage } from '@/backend/problem-message';
import { getBuyerSession } from '@/backend/session';
import { decidedHref, ORDER_ID } from '@/components/approvals/decided';
import { redirect } from '@/i18n/navigation';
import { type AppLocale, localeOrDefault } from '@/i18n/routing';

export interface DecisionState {
  readonly ok?: boolean;
  readonly message?: string;
}

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
  // The page again, without the decided order, saying what happened; every layout is rendered afresh,
  // so the header's count of orders waiting drops too.
  revalidatePath(`/${lang}`, 'layout');
  return redirect({ href: decidedHref(orderId, decision), locale: lang });
}
