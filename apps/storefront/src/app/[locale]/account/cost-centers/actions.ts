'use server';

import { randomUUID } from 'node:crypto';
import { deleteCostCenter, saveCostCenter } from '@/backend/buyer-admin/platform';
import { getBuyerSession } from '@/backend/session';
import { capabilitiesOf } from '@/components/account/roles';
import { redirect } from '@/i18n/navigation';
import { type AppLocale, localeOrDefault } from '@/i18n/routing';

const ID = /^[A-Za-z0-9_-]{1,100}$/;
const MAX_NAME = 60;
const PAGE = '/account/cost-centers';

/** Adds (no id) or renames a cost center; its name is what buyers pick at checkout and what lines carry. */
export async function saveCostCenterAction(locale: AppLocale, id: string | undefined, form: FormData) {
  const lang = localeOrDefault(locale);
  const back = (query: string) => redirect({ href: `${PAGE}?${query}`, locale: lang });
  const buyer = await getBuyerSession();
  if (!buyer || !capabilitiesOf(buyer.roles).manageCostCenters) return back('error=forbidden');
  if (id !== undefined && !ID.test(id)) return back('error=failed');
  const raw = form.get('name');
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (!name || name.length > MAX_NAME) return back('error=nameInvalid');
  const result = await saveCostCenter(
    buyer.token,
    buyer.companyId,
    id ?? `cc-${randomUUID().slice(0, 8)}`,
    name,
    id === undefined,
  );
  return back(result.ok ? 'done=saved' : `error=${result.reason}`);
}

export async function deleteCostCenterAction(locale: AppLocale, id: string) {
  const lang = localeOrDefault(locale);
  const back = (query: string) => redirect({ href: `${PAGE}?${query}`, locale: lang });
  const buyer = await getBuyerSession();
  if (!buyer || !capabilitiesOf(buyer.roles).manageCostCenters || !ID.test(id))
    return back('error=forbidden');
  const result = await deleteCostCenter(buyer.token, buyer.companyId, id);
  return back(result.ok ? 'done=deleted' : `error=${result.reason}`);
}
