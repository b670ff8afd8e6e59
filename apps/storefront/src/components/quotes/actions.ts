'use server';

import { revalidatePath } from 'next/cache';
import { getTranslations } from 'next-intl/server';
import { acceptQuote, declineQuote, requestQuote } from '@/backend/quotes';
import { requireBuyer } from '@/backend/session';
import type { ShopActionState } from '@/components/shop/actions';
import { redirect } from '@/i18n/navigation';
import { type AppLocale, localeOrDefault } from '@/i18n/routing';

/*
 * The quote server actions. Whose quote it is, what the cart holds and whether a step is allowed
 * are decided by the middleware from the buyer's token; here only the message's shape is checked.
 */

const MAX_MESSAGE = 2000;
const KNOWN = new Set(['empty-cart', 'quote-expired', 'quote-state', 'quote-not-found']);

async function refusal(locale: AppLocale, code: string, field?: string): Promise<ShopActionState> {
  const t = await getTranslations({ locale, namespace: 'Quotes.errors' });
  const key = KNOWN.has(code) ? (code as 'empty-cart') : 'failed';
  return { ok: false, message: t(key), at: Date.now(), ...(field ? { field } : {}) };
}

export async function requestQuoteAction(
  locale: AppLocale,
  _previous: ShopActionState,
  formData: FormData,
): Promise<ShopActionState> {
  const lang = localeOrDefault(locale);
  const buyer = await requireBuyer(lang);
  const raw = formData.get('message');
  const message = typeof raw === 'string' ? raw.trim() : '';
  if (!message || message.length > MAX_MESSAGE) return refusal(lang, 'message', 'message');
  let id: string;
  try {
    const answer = await requestQuote(buyer.token, message);
    if (!answer.ok) return refusal(lang, answer.code);
    id = answer.value.id;
  } catch (error) {
    console.warn(`[quotes] request failed: ${String(error)}`);
    return refusal(lang, 'failed');
  }
  revalidatePath('/[locale]/quotes', 'page');
  return redirect({ href: `/quotes/${encodeURIComponent(id)}`, locale: lang });
}

export async function acceptQuoteAction(
  locale: AppLocale,
  id: string,
  _previous: ShopActionState,
): Promise<ShopActionState> {
  const lang = localeOrDefault(locale);
  const buyer = await requireBuyer(lang);
  try {
    const answer = await acceptQuote(buyer.token, id);
    if (!answer.ok) return refusal(lang, answer.code);
  } catch (error) {
    console.warn(`[quotes] accept failed: ${String(error)}`);
    return refusal(lang, 'failed');
  }
  revalidatePath('/[locale]/cart', 'page');
  return redirect({ href: '/checkout', locale: lang });
}

export async function declineQuoteAction(
  locale: AppLocale,
  id: string,
  _previous: ShopActionState,
): Promise<ShopActionState> {
  const lang = localeOrDefault(locale);
  const buyer = await requireBuyer(lang);
  try {
    const answer = await declineQuote(buyer.token, id);
    if (!answer.ok) return refusal(lang, answer.code);
  } catch (error) {
    console.warn(`[quotes] decline failed: ${String(error)}`);
    return refusal(lang, 'failed');
  }
  revalidatePath('/[locale]/quotes', 'page');
  const t = await getTranslations({ locale: lang, namespace: 'Quotes' });
  return { ok: true, message: t('declinedMessage'), at: Date.now() };
}
