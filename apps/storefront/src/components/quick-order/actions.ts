'use server';

import { type QuickOrderLineReport, QuickOrderRequest } from '@actuate/contracts';
import { revalidatePath } from 'next/cache';
import { getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { addQuickOrder, checkQuickOrder } from '@/backend/quick-order';
import { requireBuyer } from '@/backend/session';
import { type AppLocale, localeOrDefault } from '@/i18n/routing';
import type { QuickOrderRow } from './parse';
import { readQuickOrderFile } from './read-file';

/*
 * The quick-order page's server actions. The rows come from the browser, so they are checked for
 * shape here; what a row means (known, visible, orderable, quantity allowed) is decided by the
 * middleware from the buyer's token, on the check and again on the add.
 */

export type QuickOrderAnswer =
  | { readonly ok: true; readonly lines: readonly QuickOrderLineReport[]; readonly added?: number }
  | { readonly ok: false; readonly message: string };

export type FileAnswer =
  | { readonly ok: true; readonly rows: QuickOrderRow[] }
  | { readonly ok: false; readonly message: string };

const Key = z.string().min(8).max(100);

async function texts(locale: AppLocale) {
  return getTranslations({ locale, namespace: 'QuickOrder.errors' });
}

export async function checkQuickOrderAction(locale: AppLocale, rows: unknown): Promise<QuickOrderAnswer> {
  const lang = localeOrDefault(locale);
  const buyer = await requireBuyer(lang);
  const t = await texts(lang);
  const request = QuickOrderRequest.safeParse({ lines: rows });
  if (!request.success) return { ok: false, message: t('invalidLines') };
  try {
    return { ok: true, lines: (await checkQuickOrder(buyer.token, request.data.lines)).lines };
  } catch (error) {
    console.warn(`[quick-order] check failed: ${String(error)}`);
    return { ok: false, message: t('failed') };
  }
}

export async function addQuickOrderAction(
  locale: AppLocale,
  rows: unknown,
  idempotencyKey: unknown,
): Promise<QuickOrderAnswer> {
  const lang = localeOrDefault(locale);
  const buyer = await requireBuyer(lang);
  const t = await texts(lang);
  const request = QuickOrderRequest.safeParse({ lines: rows });
  const key = Key.safeParse(idempotencyKey);
  if (!request.success || !key.success) return { ok: false, message: t('invalidLines') };
  try {
    const result = await addQuickOrder(buyer.token, request.data.lines, key.data);
    revalidatePath('/[locale]/cart', 'page');
    return { ok: true, lines: result.lines, added: result.added };
  } catch (error) {
    console.warn(`[quick-order] add failed: ${String(error)}`);
    return { ok: false, message: t('failed') };
  }
}

export async function readQuickOrderFileAction(locale: AppLocale, formData: FormData): Promise<FileAnswer> {
  const lang = localeOrDefault(locale);
  await requireBuyer(lang);
  const t = await texts(lang);
  const file = formData.get('file');
  if (!(file instanceof File) || file.size === 0) return { ok: false, message: t('noFile') };
  const read = await readQuickOrderFile(file);
  return read.ok ? { ok: true, rows: read.rows } : { ok: false, message: t(read.error) };
}
