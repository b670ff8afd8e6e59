'use server';

import { revalidatePath } from 'next/cache';
import { getTranslations } from 'next-intl/server';
import type { BuyerAddress } from 'ordercloud-javascript-sdk';
import { isAddressInUse } from '@/backend/address-validity';
import { listMyAddresses } from '@/backend/my-account';
import { createMySubscription, updateMySubscription } from '@/backend/my-subscriptions';
import { cartLines } from '@/backend/reorder-cart';
import { getBuyerSession } from '@/backend/session';
import { parseScheduleForm, todayDay } from '@/components/subscriptions/schedule';
import type { ScheduleFormState } from '@/components/subscriptions/schedule-form';
import { redirect } from '@/i18n/navigation';
import { type AppLocale, localeOrDefault } from '@/i18n/routing';

const ID = /^[A-Za-z0-9_-]{1,100}$/;

async function problemTexts(
  locale: AppLocale,
  problems: Record<string, string>,
): Promise<Record<string, string>> {
  const t = await getTranslations({ locale, namespace: 'Subscriptions.form.problem' });
  return Object.fromEntries(
    Object.entries(problems).map(([field, problem]) => [field, t(problem as 'dateInvalid')]),
  );
}

/** A chosen address must be in the buyer's book, usable for its purpose and not closed. */
async function addressProblems(
  token: string,
  shippingAddressId: string,
  billingAddressId: string,
): Promise<Record<string, string>> {
  let addresses: BuyerAddress[];
  try {
    addresses = await listMyAddresses(token);
  } catch (error) {
    console.warn(`[subscriptions] addresses failed: ${String(error)}`);
    return {};
  }
  const usable = (id: string, purpose: 'Shipping' | 'Billing') => {
    const address = addresses.find((candidate) => candidate.ID === id);
    if (!address || address[purpose] === false) return 'addressRequired';
    return isAddressInUse(address) ? undefined : 'addressClosed';
  };
  const problems: Record<string, string> = {};
  const shipping = ID.test(shippingAddressId) ? usable(shippingAddressId, 'Shipping') : undefined;
  const billing = ID.test(billingAddressId) ? usable(billingAddressId, 'Billing') : undefined;
  if (shipping) problems.shippingAddressId = shipping;
  if (billing) problems.billingAddressId = billing;
  return problems;
}

/** Makes the cart recurring: a subscription with the cart's lines, paid by purchase order. */
export async function createSubscriptionAction(
  locale: AppLocale,
  _previous: ScheduleFormState,
  form: FormData,
): Promise<ScheduleFormState> {
  const lang = localeOrDefault(locale);
  const t = await getTranslations({ locale: lang, namespace: 'Subscriptions.form' });
  const buyer = await getBuyerSession();
  if (!buyer) return { ok: false, message: t('failed') };
  const parsed = parseScheduleForm(form, todayDay());
  const problems: Record<string, string> = parsed.ok ? {} : { ...parsed.problems };
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const shippingAddressId = text('shippingAddressId');
  const billingAddressId = text('billingAddressId');
  const customerReference = text('customerReference').slice(0, 100);
  const name = text('name').slice(0, 100);
  if (!name) problems.name = 'nameRequired';
  if (!ID.test(shippingAddressId)) problems.shippingAddressId = 'addressRequired';
  if (!ID.test(billingAddressId)) problems.billingAddressId = 'addressRequired';
  if (!customerReference) problems.customerReference = 'referenceRequired';
  if (!problems.shippingAddressId || !problems.billingAddressId) {
    Object.assign(problems, await addressProblems(buyer.token, shippingAddressId, billingAddressId));
  }
  if (!parsed.ok || Object.keys(problems).length > 0) {
    return { ok: false, problems: await problemTexts(lang, problems) };
  }
  let id: string;
  try {
    const lines = await cartLines(buyer.token);
    if (lines.length === 0) {
      const tCart = await getTranslations({ locale: lang, namespace: 'Subscriptions.fromCart' });
      return { ok: false, message: tCart('emptyCart') };
    }
    const created = await createMySubscription(buyer.token, {
      schedule: parsed.schedule,
      shippingAddressId,
      billingAddressId,
      customerReference,
      name,
      lines,
    });
    id = created.ID as string;
  } catch (error) {
    console.warn(`[subscriptions] create failed: ${String(error)}`);
    return { ok: false, message: t('failed') };
  }
  revalidatePath(`/${lang}/subscriptions`);
  return redirect({ href: `/subscriptions/${encodeURIComponent(id)}?created=1`, locale: lang });
}

export async function updateScheduleAction(
  locale: AppLocale,
  subscriptionId: string,
  _previous: ScheduleFormState,
  form: FormData,
): Promise<ScheduleFormState> {
  const lang = localeOrDefault(locale);
  const t = await getTranslations({ locale: lang, namespace: 'Subscriptions.form' });
  const buyer = await getBuyerSession();
  if (!buyer || !ID.test(subscriptionId)) return { ok: false, message: t('failed') };
  const parsed = parseScheduleForm(form, undefined);
  if (!parsed.ok) return { ok: false, problems: await problemTexts(lang, parsed.problems) };
  try {
    await updateMySubscription(buyer.token, subscriptionId, { schedule: parsed.schedule });
  } catch (error) {
    console.warn(`[subscriptions] update ${subscriptionId} failed: ${String(error)}`);
    return { ok: false, message: t('failed') };
  }
  revalidatePath(`/${lang}/subscriptions/${subscriptionId}`);
  return { ok: true, message: t('saved') };
}

export interface ToggleState {
  readonly ok?: boolean;
  readonly message?: string;
}

/** Pause (Active false) or resume (Active true). */
export async function setActiveAction(
  locale: AppLocale,
  subscriptionId: string,
  active: boolean,
  _previous: ToggleState,
): Promise<ToggleState> {
  const lang = localeOrDefault(locale);
  const t = await getTranslations({ locale: lang, namespace: 'Subscriptions.detail' });
  const buyer = await getBuyerSession();
  if (!buyer || !ID.test(subscriptionId)) return { ok: false, message: t('pauseFailed') };
  try {
    await updateMySubscription(buyer.token, subscriptionId, { active });
  } catch (error) {
    console.warn(`[subscriptions] ${active ? 'resume' : 'pause'} ${subscriptionId} failed: ${String(error)}`);
    return { ok: false, message: t('pauseFailed') };
  }
  revalidatePath(`/${lang}/subscriptions/${subscriptionId}`);
  return { ok: true, message: active ? t('resumed') : t('paused') };
}
