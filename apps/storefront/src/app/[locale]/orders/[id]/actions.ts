'use server';

import { revalidatePath } from 'next/cache';
import { getTranslations } from 'next-intl/server';
import { resubmitOrder } from '@/backend/erp-status';
import { cancelOrder } from '@/backend/order-history';
import { problemMessage } from '@/backend/problem-message';
import { reorderIntoCart } from '@/backend/reorder-cart';
import { getBuyerSession } from '@/backend/session';
import { redirect } from '@/i18n/navigation';
import { type AppLocale, localeOrDefault } from '@/i18n/routing';

export interface ActionState {
  readonly ok?: boolean;
  readonly message?: string;
  /** Reorder: lines that were not added, as sentences. */
  readonly details?: readonly string[];
}

const ORDER_ID = /^[A-Za-z0-9_-]{1,100}$/;

export async function resubmitAction(
  locale: AppLocale,
  orderId: string,
  _previous: ActionState,
): Promise<ActionState> {
  const lang = localeOrDefault(locale);
  const t = await getTranslations({ locale: lang, namespace: 'Orders.erp' });
  const token = (await getBuyerSession())?.token;
  if (!token || !ORDER_ID.test(orderId)) return { ok: false, message: t('resubmitFailed') };
  const result = await resubmitOrder(token, orderId);
  if (!result.ok) return { ok: false, message: t('resubmitFailed') };
  // A fresh page with the outcome on top: the issue box may be gone by the time the page renders.
  revalidatePath(`/${lang}/orders/${orderId}`);
  return redirect({ href: `/orders/${orderId}?resubmitted=1`, locale: lang });
}

export async function cancelAction(
  locale: AppLocale,
  orderId: string,
  _previous: ActionState,
): Promise<ActionState> {
  const lang = localeOrDefault(locale);
  const t = await getTranslations({ locale: lang, namespace: 'Orders.actions' });
  const token = (await getBuyerSession())?.token;
  if (!token || !ORDER_ID.test(orderId)) return { ok: false, message: t('cancelFailed') };
  try {
    await cancelOrder(token, orderId);
  } catch (error) {
    return { ok: false, message: await problemMessage(error, lang, { action: `cancel ${orderId}` }) };
  }
  revalidatePath(`/${lang}/orders/${orderId}`);
  return redirect({ href: `/orders/${orderId}?canceled=1`, locale: lang });
}

export async function reorderAction(
  locale: AppLocale,
  orderId: string,
  _previous: ActionState,
): Promise<ActionState> {
  const lang = localeOrDefault(locale);
  const t = await getTranslations({ locale: lang, namespace: 'Orders.actions' });
  const token = (await getBuyerSession())?.token;
  if (!token || !ORDER_ID.test(orderId)) return { ok: false, message: t('reorderFailed') };
  try {
    const result = await reorderIntoCart(token, orderId);
    const details = result.skipped.map((entry) =>
      t(`skip.${entry.reason}`, { product: entry.line.ProductName ?? entry.line.ProductID }),
    );
    if (result.added === 0) return { ok: false, message: t('reorderNone'), details };
    return { ok: true, message: t('reorderAdded', { count: result.added }), details };
  } catch (error) {
    console.warn(`[orders] reorder ${orderId} failed: ${String(error)}`);
    return { ok: false, message: t('reorderFailed') };
  }
}
