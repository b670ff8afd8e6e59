'use server';

import { randomUUID } from 'node:crypto';
import { deleteBudget, listBudgets, listGroups, listUsers, saveBudget } from '@/backend/buyer-admin/platform';
import { parseAmount } from '@/backend/buyer-admin/rule-conditions';
import { getBuyerSession } from '@/backend/session';
import { capabilitiesOf } from '@/components/account/roles';
import { redirect } from '@/i18n/navigation';
import { type AppLocale, localeOrDefault } from '@/i18n/routing';

const ID = /^[A-Za-z0-9_-]{1,100}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_NAME = 100;
const PAGE = '/account/budgets';

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/** A calendar day as the instant the period starts (its first moment) or ends (its last), in UTC. */
function dayBound(day: string, end: boolean): string | null | undefined {
  if (!day) return null;
  if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) return undefined;
  return end ? `${day}T23:59:59Z` : `${day}T00:00:00Z`;
}

/**
 * Creates (no id) or edits a budget: a spending account with its balance and period, assigned to one
 * user group or user, who may or may not exceed it. The holder is chosen once, when it is created.
 */
export async function saveBudgetAction(locale: AppLocale, id: string | undefined, form: FormData) {
  const lang = localeOrDefault(locale);
  const back = (query: string) => redirect({ href: `${PAGE}?${query}`, locale: lang });
  const buyer = await getBuyerSession();
  if (!buyer || !capabilitiesOf(buyer.roles).manageBudgets) return back('error=forbidden');
  if (id !== undefined && !ID.test(id)) return back('error=failed');
  const again = id ? `&edit=${encodeURIComponent(id)}` : '&edit=new';
  const name = text(form, 'name');
  if (!name || name.length > MAX_NAME) return back(`error=nameInvalid${again}`);
  const balance = parseAmount(text(form, 'balance'));
  if (balance === undefined) return back(`error=amountInvalid${again}`);
  const startDate = dayBound(text(form, 'start'), false);
  const endDate = dayBound(text(form, 'end'), true);
  if (startDate === undefined || endDate === undefined || (startDate && endDate && endDate < startDate))
    return back(`error=periodInvalid${again}`);
  let party: { groupId: string } | { userId: string } | undefined;
  if (id) {
    const existing = (await listBudgets(buyer.token, buyer.companyId).catch(() => [])).find(
      (budget) => budget.account.ID === id,
    );
    party = existing?.groupId
      ? { groupId: existing.groupId }
      : existing?.userId
        ? { userId: existing.userId }
        : undefined;
  } else {
    // Only a group or user of the company (the platform scopes the lists to the token's company).
    const [kind, partyId] = text(form, 'holder').split(':', 2);
    const [groups, users] = await Promise.all([
      listGroups(buyer.token, buyer.companyId).catch(() => []),
      listUsers(buyer.token, buyer.companyId).catch(() => []),
    ]);
    if (kind === 'group' && groups.some((group) => group.id === partyId))
      party = { groupId: partyId as string };
    if (kind === 'user' && users.some((user) => user.id === partyId)) party = { userId: partyId as string };
  }
  if (!party) return back(`error=holderInvalid${again}`);
  const result = await saveBudget(buyer.token, buyer.companyId, {
    id: id ?? `budget-${randomUUID().slice(0, 8)}`,
    name,
    balance,
    startDate,
    endDate,
    party,
    allowExceed: form.get('allowExceed') === 'on',
  });
  // The platform answers an unknown holder as invalid (400/404).
  return back(result.ok ? 'done=saved' : `error=${result.reason}${again}`);
}

export async function deleteBudgetAction(locale: AppLocale, id: string) {
  const lang = localeOrDefault(locale);
  const back = (query: string) => redirect({ href: `${PAGE}?${query}`, locale: lang });
  const buyer = await getBuyerSession();
  if (!buyer || !capabilitiesOf(buyer.roles).manageBudgets || !ID.test(id)) return back('error=forbidden');
  const result = await deleteBudget(buyer.token, buyer.companyId, id);
  return back(result.ok ? 'done=deleted' : `error=${result.reason}`);
}
