'use server';

import { transitDaysOfLine } from '@actuate/contracts';
import { revalidatePath } from 'next/cache';
import { getTranslations } from 'next-intl/server';
import { findCartOrder } from '@/backend/cart';
import { getWorksheet } from '@/backend/checkout';
import { saveOrderFields } from '@/backend/order-fields';
import { problemMessage } from '@/backend/problem-message';
import { requireBuyer } from '@/backend/session';
import { day } from '@/components/orders/format';
import { type AppLocale, localeOrDefault } from '@/i18n/routing';
import type { ShopActionState } from './actions';
import { resolveOrderFields } from './order-fields';

/**
 * Saves the checkout's order fields: the comment, and each line's requested delivery date and cost
 * center (the order-level values fill the lines without their own). Checked here against the
 * earliest day of each line; the platform and the pre-submit check refuse bad values again.
 */
export async function saveOrderFieldsAction(
  locale: AppLocale,
  _previous: ShopActionState,
  formData: FormData,
): Promise<ShopActionState> {
  const lang = localeOrDefault(locale);
  const buyer = await requireBuyer(lang);
  const t = await getTranslations({ locale: lang, namespace: 'OrderFields.messages' });
  const orderId = (await findCartOrder(buyer.token))?.ID;
  if (!orderId) return { ok: false, message: t('noCart'), at: Date.now() };
  try {
    const worksheet = await getWorksheet(buyer.token, orderId);
    const read = (name: string) => {
      const value = formData.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    const result = resolveOrderFields(
      read,
      (worksheet.LineItems ?? []).map((line) => ({
        id: line.ID ?? '',
        transitDays: transitDaysOfLine(worksheet.ShipEstimateResponse, line.ID ?? ''),
      })),
      new Date(),
    );
    if (!result.ok) {
      const { problem } = result;
      const message =
        problem.kind === 'dateTooEarly'
          ? t('dateTooEarly', { earliest: day(problem.earliest, lang) ?? problem.earliest })
          : t(problem.kind);
      return { ok: false, message, field: problem.field, at: Date.now() };
    }
    await saveOrderFields(buyer.token, orderId, result.comment, result.lines);
  } catch (error) {
    return {
      ok: false,
      message: await problemMessage(error, lang, { action: 'save the order details' }),
      at: Date.now(),
    };
  }
  revalidatePath('/[locale]/checkout', 'page');
  return { ok: true, message: t('saved'), at: Date.now() };
}
