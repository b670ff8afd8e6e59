'use server';

import { revalidatePath } from 'next/cache';
import { getTranslations } from 'next-intl/server';
import { deleteMyAddress, patchMe, saveMyAddress } from '@/backend/my-account';
import { getBuyerSession } from '@/backend/session';
import { addressProblemMessages, parseAddressForm } from '@/components/account/address-form';
import { redirect } from '@/i18n/navigation';
import { type AppLocale, isAppLocale, localeOrDefault } from '@/i18n/routing';

export interface FormState {
  readonly ok?: boolean;
  readonly message?: string;
  readonly problems?: Readonly<Record<string, string>>;
  readonly values?: Readonly<Record<string, string>>;
}

const ID = /^[A-Za-z0-9_-]{1,100}$/;
const text = (form: FormData, name: string, max = 100) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
};

export async function saveProfileAction(
  locale: AppLocale,
  _previous: FormState,
  form: FormData,
): Promise<FormState> {
  const lang = localeOrDefault(locale);
  const t = await getTranslations({ locale: lang, namespace: 'Account.profile' });
  const values = {
    FirstName: text(form, 'FirstName'),
    LastName: text(form, 'LastName'),
    Email: text(form, 'Email', 254),
    Phone: text(form, 'Phone', 40),
  };
  // Each wrong field is named, so the form marks only that one.
  const problems: Record<string, string> = {};
  const missing = (['FirstName', 'LastName', 'Email'] as const).filter((name) => !values[name]);
  if (missing.length > 0) {
    const tField = await getTranslations({ locale: lang, namespace: 'Account.addresses.problem' });
    for (const name of missing) problems[name] = tField('required');
  } else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.Email)) problems.Email = t('emailInvalid');
  if (Object.keys(problems).length > 0)
    return { ok: false, message: missing.length > 0 ? t('required') : t('emailInvalid'), problems, values };
  const buyer = await getBuyerSession();
  if (!buyer) return { ok: false, message: t('failed'), values };
  try {
    await patchMe(buyer.token, values);
  } catch (error) {
    console.warn(`[account] profile failed: ${String(error)}`);
    return { ok: false, message: t('failed'), values };
  }
  revalidatePath(`/${lang}/account`);
  return { ok: true, message: t('saved'), values };
}

/** Stores the preferred language on the user and shows the account page in it (NEXT_LOCALE follows). */
export async function saveLanguageAction(
  locale: AppLocale,
  _previous: FormState,
  form: FormData,
): Promise<FormState> {
  const lang = localeOrDefault(locale);
  const t = await getTranslations({ locale: lang, namespace: 'Account.profile' });
  const chosen = form.get('language');
  if (!isAppLocale(chosen)) return { ok: false, message: t('failed') };
  const buyer = await getBuyerSession();
  if (!buyer) return { ok: false, message: t('failed') };
  try {
    await patchMe(buyer.token, { xp: { PreferredLanguage: chosen } });
  } catch (error) {
    console.warn(`[account] language failed: ${String(error)}`);
    return { ok: false, message: t('failed') };
  }
  return redirect({ href: '/account?saved=language', locale: chosen });
}

export async function saveAddressAction(
  locale: AppLocale,
  addressId: string | undefined,
  _previous: FormState,
  form: FormData,
): Promise<FormState> {
  const lang = localeOrDefault(locale);
  const t = await getTranslations({ locale: lang, namespace: 'Account.addresses' });
  const parsed = parseAddressForm(form);
  if (!parsed.ok) {
    const problems = addressProblemMessages(parsed.problems, (problem) => t(`problem.${problem}`));
    return { ok: false, problems, values: parsed.values };
  }
  const buyer = await getBuyerSession();
  if (!buyer || (addressId !== undefined && !ID.test(addressId))) return { ok: false, message: t('failed') };
  try {
    await saveMyAddress(buyer.token, addressId, parsed.address);
  } catch (error) {
    console.warn(`[account] address failed: ${String(error)}`);
    return { ok: false, message: t('failed'), values: parsed.address };
  }
  revalidatePath(`/${lang}/account`);
  return redirect({ href: '/account?saved=address#addresses', locale: lang });
}

export async function deleteAddressAction(locale: AppLocale, addressId: string): Promise<void> {
  const lang = localeOrDefault(locale);
  const buyer = await getBuyerSession();
  if (buyer && ID.test(addressId)) {
    try {
      await deleteMyAddress(buyer.token, addressId);
    } catch (error) {
      console.warn(`[account] delete address failed: ${String(error)}`);
      redirect({ href: '/account?failed=address#addresses', locale: lang });
    }
  }
  revalidatePath(`/${lang}/account`);
  redirect({ href: '/account?saved=deleted#addresses', locale: lang });
}
