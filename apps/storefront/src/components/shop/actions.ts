'use server';

import { SalesItemNumber } from '@actuate/contracts';
import { revalidatePath } from 'next/cache';
import { getTranslations } from 'next-intl/server';
import { availabilityOf } from '@/backend/availability';
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
import { platformError } from '@/backend/sdk';
import { requireBuyer } from '@/backend/session';
import { redirect } from '@/i18n/navigation';
import { type AppLocale, localeOrDefault } from '@/i18n/routing';
import { parseQuantity, quantityRefusal } from './quantity-refusal';

/*
 * The shopping journey's server actions: add to cart, change quantities, remove lines, promotion
 * codes and quick order. Each reads the buyer from the session cookie and calls the platform with
 * the buyer's token; refusals come back as a message for the form in the buyer's words (a quantity
 * outside the price schedule's limits marks the field; anything else goes through problem-message.ts),
 * never as an exception or the platform's own prose.
 */

export interface ShopActionState {
  readonly ok?: boolean;
  readonly message?: string;
  /** Changes on every answer, so a repeated identical message is still announced. */
  readonly at?: number;
  /** The name of the field the refusal is about (marked invalid by the form). */
  readonly field?: string;
}

type CartMessages = Awaited<ReturnType<typeof getTranslations<'Cart.messages'>>>;

/** A quantity of the form: 1 to MAX_QUANTITY (0 too when changing a line: it removes the line). */
function quantityOf(formData: FormData, lowest = 1): number | undefined {
  return parseQuantity(formData.get('quantity'), lowest, MAX_QUANTITY);
}

function invalidQuantity(t: CartMessages): ShopActionState {
  return {
    ok: false,
    message: t('invalidQuantity', { max: MAX_QUANTITY }),
    at: Date.now(),
    field: 'quantity',
  };
}

/** A refusal of the platform in the buyer's words; a quantity outside its limits marks the field. */
async function refusal(
  error: unknown,
  t: CartMessages,
  locale: AppLocale,
  action: string,
): Promise<ShopActionState> {
  const info = platformError(error);
  const quantity = quantityRefusal(info.code, info.data, MAX_QUANTITY);
  if (quantity)
    return { ok: false, message: t(quantity.key, quantity.values), at: Date.now(), field: 'quantity' };
  return { ok: false, message: await problemMessage(error, locale, { action }), at: Date.now() };
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
  if (!productId) return { ok: false, message: t('failed'), at: Date.now() };
  if (!quantity) return invalidQuantity(t);
  return addAndConfirm(lang, buyer.token, productId, quantity, t);
}

/** Adds the line to the buyer's cart and answers the cart message (a refusal in the buyer's words). */
async function addAndConfirm(
  locale: AppLocale,
  token: string,
  productId: string,
  quantity: number,
  t: CartMessages,
): Promise<ShopActionState> {
  try {
    await addToCart(token, productId, quantity);
  } catch (error) {
    return refusal(error, t, locale, `add ${productId} to the cart`);
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
  const typed = formData.get('quantity');
  const quantity = typed === null || typed === '' ? 1 : quantityOf(formData);
  if (!quantity) return invalidQuantity(t);
  if (!SalesItemNumber.safeParse(sku).success)
    return { ok: false, message: t('invalidSalesItemNumber'), at: Date.now() };
  const product = await getSalesItem(buyer.token, sku);
  if (product?.xp?.Kind !== 'SalesItem')
    return { ok: false, message: t('unknownSalesItem', { item: sku }), at: Date.now() };
  if (!availabilityOf(product, buyer.customer?.salesCompanyId, new Date()).orderable)
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
      const quantity = quantityOf(formData, 0);
      if (quantity === undefined) return invalidQuantity(t);
      await setLineQuantity(buyer.token, orderId, lineId, quantity);
    }
  } catch (error) {
    return refusal(error, t, lang, `change cart line ${lineId}`);
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
