'use server';

import { SalesItemNumber } from '@actuate/contracts';
import { revalidatePath } from 'next/cache';
import { getTranslations } from 'next-intl/server';
import {
  addToCart,
  applyPromotion,
  findCartOrder,
  MAX_QUANTITY,
  removeLine,
  removePromotion,
  setLineQuantity,
} from '@/backend/cart';
import { getSalesItem } from '@/backend/catalog';
import { problemMessage } from '@/backend/problem-message';
import { requireBuyer } from '@/backend/session';
import { redirect } from '@/i18n/navigation';
import { type AppLocale, localeOrDefault } from '@/i18n/routing';

/*
 * The shopping journey's server actions: add to cart, change quantities, remove lines, promotion
 * codes and quick order. Each reads the buyer from the session cookie and calls the platform with
 * the buyer's token; refusals come back as a message for the form in the buyer's words
 * (problem-message.ts), never as an exception or the platform's own prose.
 */

export interface ShopActionState {
  readonly ok?: boolean;
  readonly message?: string;
  /** Changes on every answer, so a repeated identical message is still announced. */
  readonly at?: number;
}

function quantityOf(formData: FormData): number | undefined {
  const raw = Number.parseInt(String(formData.get('quantity') ?? ''), 10);
  return Number.isInteger(raw) && raw >= 0 && raw <= MAX_QUANTITY ? raw : undefined;
}

function text(formData: FormData, name: string, max = 100): string {
  const value = formData.get(name);
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

export async function addToCartAction(
  locale: AppLocale,
  _previous: ShopActionState,
  formData: FormData,
): Promise<ShopActionState> {
  const lang = localeOrDefault(locale);
  const buyer = await requireBuyer(lang);
  const t = await getTranslations({ locale: lang, namespace: 'Cart.messages' });
  const productId = text(formData, 'productId');
  const quantity = quantityOf(formData);
  if (!productId || !quantity)
    return { ok: false, message: t('invalidQuantity', { max: MAX_QUANTITY }), at: Date.now() };
  return addAndConfirm(lang, buyer.token, productId, quantity, t);
}

/** Adds the line to the buyer's cart and answers the cart message (a refusal in the buyer's words). */
async function addAndConfirm(
  locale: AppLocale,
  token: string,
  productId: string,
  quantity: number,
  t: Awaited<ReturnType<typeof getTranslations<'Cart.messages'>>>,
): Promise<ShopActionState> {
  try {
    await addToCart(token, productId, quantity);
  } catch (error) {
    const message = await problemMessage(error, locale, { action: `add ${productId} to the cart` });
    return { ok: false, message, at: Date.now() };
  }
  revalidatePath('/[locale]/cart', 'page');
  return { ok: true, message: t('added', { quantity, item: productId }), at: Date.now() };
}

export async function quickOrderAction(
  locale: AppLocale,
  _previous: ShopActionState,
  formData: FormData,
): Promise<ShopActionState> {
  const lang = localeOrDefault(locale);
  const buyer = await requireBuyer(lang);
  const t = await getTranslations({ locale: lang, namespace: 'Cart.messages' });
  const sku = text(formData, 'salesItemNumber', 20).toUpperCase();
  const quantity = quantityOf(formData) || 1;
  if (!SalesItemNumber.safeParse(sku).success)
    return { ok: false, message: t('invalidSalesItemNumber'), at: Date.now() };
  const product = await getSalesItem(buyer.token, sku);
  if (product?.xp?.Kind !== 'SalesItem')
    return { ok: false, message: t('unknownSalesItem', { item: sku }), at: Date.now() };
  if ((product.xp.ProductState ?? 'Active') !== 'Active')
    return { ok: false, message: t('notOrderable', { item: sku }), at: Date.now() };
  return addAndConfirm(lang, buyer.token, sku, quantity, t);
}

export async function updateLineAction(
  locale: AppLocale,
  _previous: ShopActionState,
  formData: FormData,
): Promise<ShopActionState> {
  const lang = localeOrDefault(locale);
  const buyer = await requireBuyer(lang);
  const t = await getTranslations({ locale: lang, namespace: 'Cart.messages' });
  const lineId = text(formData, 'lineId');
  const orderId = (await findCartOrder(buyer.token))?.ID;
  if (!orderId || !lineId) return { ok: false, message: t('failed'), at: Date.now() };
  try {
    if (formData.get('intent') === 'remove') await removeLine(buyer.token, orderId, lineId);
    else {
      const quantity = quantityOf(formData);
      if (quantity === undefined)
        return { ok: false, message: t('invalidQuantity', { max: MAX_QUANTITY }), at: Date.now() };
      await setLineQuantity(buyer.token, orderId, lineId, quantity);
    }
  } catch (error) {
    const message = await problemMessage(error, lang, { action: `change cart line ${lineId}` });
    return { ok: false, message, at: Date.now() };
  }
  revalidatePath('/[locale]/cart', 'page');
  return { ok: true, message: t('updated'), at: Date.now() };
}

export async function promotionAction(
  locale: AppLocale,
  _previous: ShopActionState,
  formData: FormData,
): Promise<ShopActionState> {
  const lang = localeOrDefault(locale);
  const buyer = await requireBuyer(lang);
  const t = await getTranslations({ locale: lang, namespace: 'Cart.messages' });
  // A remove button names its code (`remove`); otherwise the typed code is applied.
  const removeCode = text(formData, 'remove', 100);
  const removing = Boolean(removeCode) || formData.get('intent') === 'remove';
  const code = removeCode || text(formData, 'code', 100);
  const orderId = (await findCartOrder(buyer.token))?.ID;
  if (!orderId) return { ok: false, message: t('failed'), at: Date.now() };
  if (!code) return { ok: false, message: t('promotionMissing'), at: Date.now() };
  try {
    if (removing) await removePromotion(buyer.token, orderId, code);
    else await applyPromotion(buyer.token, orderId, code);
  } catch (error) {
    const action = `${removing ? 'remove' : 'apply'} promotion code`;
    const message = await problemMessage(error, lang, { context: 'promotion', code, action });
    return { ok: false, message, at: Date.now() };
  }
  revalidatePath('/[locale]/cart', 'page');
  return {
    ok: true,
    message: removing ? t('promotionRemoved', { code }) : t('promotionApplied', { code }),
    at: Date.now(),
  };
}

/** Goes to the checkout (a form action, so it works without JavaScript). */
export async function goToCheckout(locale: AppLocale): Promise<void> {
  redirect({ href: '/checkout', locale: localeOrDefault(locale) });
}
