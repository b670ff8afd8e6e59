'use server';

import { randomUUID } from 'node:crypto';
import { getTranslations } from 'next-intl/server';
import { deleteApprovalRule, listGroups, saveApprovalRule } from '@/backend/buyer-admin/platform';
import { conditionFromForm, toExpression } from '@/backend/buyer-admin/rule-conditions';
import { getBuyerSession } from '@/backend/session';
import { capabilitiesOf } from '@/components/account/roles';
import { redirect } from '@/i18n/navigation';
import { type AppLocale, localeOrDefault } from '@/i18n/routing';
import { ruleSentence } from './sentence';

const ID = /^[A-Za-z0-9_-]{1,100}$/;
const MAX_NAME = 100;
const PAGE = '/account/approval-rules';

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * Creates (no ruleId) or edits a rule from the form's plain terms: the condition is translated to a
 * RuleExpression here and validated by the platform again when it is saved.
 */
export async function saveRuleAction(locale: AppLocale, ruleId: string | undefined, form: FormData) {
  const lang = localeOrDefault(locale);
  const buyer = await getBuyerSession();
  const back = (query: string) => redirect({ href: `${PAGE}?${query}`, locale: lang });
  if (!buyer || !capabilitiesOf(buyer.roles).manageApprovalRules) return back('error=forbidden');
  if (ruleId !== undefined && !ID.test(ruleId)) return back('error=failed');
  const again = ruleId ? `&edit=${encodeURIComponent(ruleId)}` : '&edit=new';
  const parsed = conditionFromForm(form.get('kind'), form.get('amount'), form.get('family'));
  if (!parsed.ok) return back(`error=${parsed.error}${again}`);
  const groupId = field(form, 'group');
  const groups = await listGroups(buyer.token, buyer.companyId).catch(() => []);
  const group = groups.find((candidate) => candidate.id === groupId);
  if (!group) return back(`error=groupInvalid${again}`);
  const t = await getTranslations({ locale: lang, namespace: 'BuyerAdmin.rules' });
  const name =
    field(form, 'name').slice(0, MAX_NAME) ||
    ruleSentence(t, parsed.condition, group.name, buyer.currency, lang);
  const result = await saveApprovalRule(buyer.token, buyer.companyId, {
    ID: ruleId ?? `rule-${randomUUID().slice(0, 8)}`,
    Name: name,
    ApprovingGroupID: group.id,
    RuleExpression: toExpression(parsed.condition),
  });
  if (!result.ok) return back(`error=${result.reason}${again}`);
  return back('done=saved');
}

export async function deleteRuleAction(locale: AppLocale, ruleId: string) {
  const lang = localeOrDefault(locale);
  const buyer = await getBuyerSession();
  const back = (query: string) => redirect({ href: `${PAGE}?${query}`, locale: lang });
  if (!buyer || !capabilitiesOf(buyer.roles).manageApprovalRules || !ID.test(ruleId))
    return back('error=forbidden');
  const result = await deleteApprovalRule(buyer.token, buyer.companyId, ruleId);
  return back(result.ok ? 'done=deleted' : `error=${result.reason}`);
}
