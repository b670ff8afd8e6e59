'use server';

import { MAX_ORDER_LIST_NAME_LENGTH, OrderListLineInput } from '@actuate/contracts';
import { revalidatePath } from 'next/cache';
import { getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { MAX_QUANTITY } from '@/backend/cart';
import {
  addOrderListLines,
  createOrderList,
  deleteOrderList,
  type ListAnswer,
  orderListToCart,
  removeOrderListLine,
  setOrderListLineQuantity,
  updateOrderList,
} from '@/backend/order-lists';
import { requireBuyer } from '@/backend/session';
import type { ShopActionState } from '@/components/shop/actions';
import { parseQuantity } from '@/components/shop/quantity-refusal';
import { redirect } from '@/i18n/navigation';
import { type AppLocale, localeOrDefault } from '@/i18n/routing';

/*
 * The order lists' server actions. The values come from the browser, so they are checked for shape
 * here; who may see or change a list is decided by the middleware from the buyer's token.
 */

type Messages = Awaited<ReturnType<typeof getTranslations<'OrderLists.messages'>>>;

const Lines = z.array(OrderListLineInput).min(1).max(200);
const Id = z.uuid();

function text(formData: FormData, name: string, max = MAX_ORDER_LIST_NAME_LENGTH): string {
  const value = formData.get(name);
  return typeof value === 'string' ? value.trim().slice(0, max + 1) : '';
}

const answer = (ok: boolean, message: string, field?: string): ShopActionState => ({
  ok,
  message,
  at: Date.now(),
  ...(field ? { field } : {}),
});

/** A refusal of the middleware in the buyer's words. */
function refused(t: Messages, result: Extract<ListAnswer<unknown>, { ok: false }>): ShopActionState {
  switch (result.code) {
    case 'order-list-not-found':
      return answer(false, t('notFound'));
    case 'not-list-owner':
      return answer(false, t('notOwner'));
    case 'unknown-items':
      return answer(false, t('unknownItems'));
    case 'list-full':
      return answer(false, t('listFull'));
    case 'too-many-lists':
      return answer(false, t('tooManyLists'));
    default:
      return answer(false, t('failed'));
  }
}

async function setUp(locale: AppLocale) {
  const lang = localeOrDefault(locale);
  const buyer = await requireBuyer(lang);
  const t = await getTranslations({ locale: lang, namespace: 'OrderLists.messages' });
  return { lang, token: buyer.token, t };
}

async function attempt<T>(
  t: Messages,
  work: () => Promise<ListAnswer<T>>,
): Promise<ListAnswer<T> | ShopActionState> {
  try {
    const result = await work();
    return result.ok ? result : refused(t, result);
  } catch (error) {
    console.warn(`[order-lists] ${String(error)}`);
    return answer(false, t('failed'));
  }
}

const isAnswer = <T>(value: ListAnswer<T> | ShopActionState): value is ListAnswer<T> & { ok: true } =>
  'value' in value;

/** Adds the form's lines (one item, a cart or an order) to a list of the buyer's, or to a new one. */
export async function addToListAction(
  locale: AppLocale,
  _previous: ShopActionState,
  formData: FormData,
): Promise<ShopActionState> {
  const { token, t } = await setUp(locale);
  let raw: unknown;
  try {
    raw = JSON.parse(text(formData, 'lines', 200_000));
  } catch {
    return answer(false, t('failed'));
  }
  const parsed = Lines.safeParse(raw);
  if (!parsed.success) return answer(false, t('failed'));
  let lines = parsed.data;
  if (formData.has('quantity')) {
    const quantity = parseQuantity(formData.get('quantity'), 1, MAX_QUANTITY);
    if (!quantity || lines.length !== 1)
      return answer(false, t('invalidQuantity', { max: MAX_QUANTITY }), 'quantity');
    lines = [{ ...(lines[0] as (typeof lines)[number]), quantity }];
  }
  const target = text(formData, 'listId', 100);
  if (target === 'new' || target === '') {
    const name = text(formData, 'newName');
    if (!name || name.length > MAX_ORDER_LIST_NAME_LENGTH)
      return answer(false, t('invalidName', { max: MAX_ORDER_LIST_NAME_LENGTH }), 'newName');
    const result = await attempt(t, () => createOrderList(token, { name, lines }));
    if (!isAnswer(result)) return result;
    revalidatePath('/[locale]/lists', 'layout');
    return answer(true, t('addedToNew', { count: lines.length, list: result.value.name }));
  }
  if (!Id.safeParse(target).success) return answer(false, t('notFound'));
  const result = await attempt(t, () => addOrderListLines(token, target, lines));
  if (!isAnswer(result)) return result;
  revalidatePath('/[locale]/lists', 'layout');
  return answer(true, t('added', { count: lines.length, list: result.value.name }));
}

/** A new, empty list; the buyer goes to it. */
export async function createListAction(
  locale: AppLocale,
  _previous: ShopActionState,
  formData: FormData,
): Promise<ShopActionState> {
  const { lang, token, t } = await setUp(locale);
  const name = text(formData, 'name');
  if (!name || name.length > MAX_ORDER_LIST_NAME_LENGTH)
    return answer(false, t('invalidName', { max: MAX_ORDER_LIST_NAME_LENGTH }), 'name');
  const result = await attempt(t, () =>
    createOrderList(token, { name, shared: formData.get('shared') === 'on' }),
  );
  if (!isAnswer(result)) return result;
  revalidatePath('/[locale]/lists', 'layout');
  return redirect({ href: `/lists/${result.value.id}`, locale: lang });
}

/** Renames the list and sets whether the company sees it (owner only). */
export async function updateListAction(
  locale: AppLocale,
  listId: string,
  _previous: ShopActionState,
  formData: FormData,
): Promise<ShopActionState> {
  const { token, t } = await setUp(locale);
  const name = text(formData, 'name');
  if (!name || name.length > MAX_ORDER_LIST_NAME_LENGTH)
    return answer(false, t('invalidName', { max: MAX_ORDER_LIST_NAME_LENGTH }), 'name');
  const shared = formData.get('shared') === 'on';
  const result = await attempt(t, () => updateOrderList(token, listId, { name, shared }));
  if (!isAnswer(result)) return result;
  revalidatePath('/[locale]/lists', 'layout');
  return answer(true, shared ? t('savedShared') : t('savedPrivate'));
}

export async function deleteListAction(
  locale: AppLocale,
  listId: string,
  _previous: ShopActionState,
  _formData: FormData,
): Promise<ShopActionState> {
  const { lang, token, t } = await setUp(locale);
  const result = await attempt(t, () => deleteOrderList(token, listId));
  if (!isAnswer(result)) return result;
  revalidatePath('/[locale]/lists', 'layout');
  return redirect({ href: '/lists', locale: lang });
}

export async function setListLineAction(
  locale: AppLocale,
  listId: string,
  lineId: string,
  _previous: ShopActionState,
  formData: FormData,
): Promise<ShopActionState> {
  const { token, t } = await setUp(locale);
  const quantity = parseQuantity(formData.get('quantity'), 1, MAX_QUANTITY);
  if (!quantity) return answer(false, t('invalidQuantity', { max: MAX_QUANTITY }), 'quantity');
  const result = await attempt(t, () => setOrderListLineQuantity(token, listId, lineId, quantity));
  if (!isAnswer(result)) return result;
  revalidatePath('/[locale]/lists', 'layout');
  return answer(true, t('quantitySaved'));
}

export async function removeListLineAction(
  locale: AppLocale,
  listId: string,
  lineId: string,
  _previous: ShopActionState,
  _formData: FormData,
): Promise<ShopActionState> {
  const { token, t } = await setUp(locale);
  const result = await attempt(t, () => removeOrderListLine(token, listId, lineId));
  if (!isAnswer(result)) return result;
  revalidatePath('/[locale]/lists', 'layout');
  return answer(true, t('lineRemoved'));
}

/** The whole list, or the ticked lines when the buyer chose "selected", into the buyer's own cart. */
export async function listToCartAction(
  locale: AppLocale,
  listId: string,
  _previous: ShopActionState,
  formData: FormData,
): Promise<ShopActionState> {
  const { token, t } = await setUp(locale);
  let lineIds: string[] | undefined;
  if (formData.get('which') === 'selected') {
    const ticked = formData.getAll('lineId').filter((value): value is string => typeof value === 'string');
    const parsed = z.array(Id).min(1).max(200).safeParse(ticked);
    if (!parsed.success) return answer(false, t('noneSelected'));
    lineIds = parsed.data;
  }
  const result = await attempt(t, () => orderListToCart(token, listId, lineIds));
  if (!isAnswer(result)) return result;
  revalidatePath('/[locale]/cart', 'page');
  const { added, skipped } = result.value;
  return answer(
    added > 0,
    skipped.length > 0 ? t('toCartSkipped', { added, skipped: skipped.length }) : t('toCart', { added }),
  );
}
