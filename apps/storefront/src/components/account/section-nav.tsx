import { getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { myGroupIds } from '@/backend/my-account';
import { countApprovable } from '@/backend/order-history';
import type { BuyerSession } from '@/backend/session';
import type { AppLocale } from '@/i18n/routing';
import { capabilitiesOf } from './roles';
import { type SectionKey, SectionNav } from './ui';

/** How many orders wait for the buyer's approval (once per request: the header and the account pages ask). */
export const loadApprovalCount = cache((token: string) => countApprovable(token).catch(() => 0));

/** Whether the buyer approves orders: a member of the approving group, or someone with orders to approve. */
export const loadIsApprover = cache(async (token: string) => {
  const [groups, count] = await Promise.all([myGroupIds(token), loadApprovalCount(token)]);
  return groups.includes('order-approvers') || count > 0;
});

/** The account area's navigation, offering only what the buyer's roles allow. */
export async function AccountSections({
  locale,
  current,
  buyer,
}: {
  readonly locale: AppLocale;
  readonly current: SectionKey;
  readonly buyer: BuyerSession;
}) {
  const can = capabilitiesOf(buyer.roles);
  const [t, tInvoices, approver] = await Promise.all([
    getTranslations({ locale, namespace: 'Account.sections' }),
    getTranslations({ locale, namespace: 'Invoices' }),
    can.shop ? loadIsApprover(buyer.token) : false,
  ]);
  const items: { key: SectionKey; href: string; label: string }[] = [];
  if (can.shop) items.push({ key: 'orders', href: '/orders', label: t('orders') });
  if (can.shop || can.readCompany || current === 'invoices')
    items.push({ key: 'invoices', href: '/invoices', label: tInvoices('nav') });
  if (can.subscribe || current === 'subscriptions')
    items.push({ key: 'subscriptions', href: '/subscriptions', label: t('subscriptions') });
  if (approver || current === 'approvals')
    items.push({ key: 'approvals', href: '/approvals', label: t('approvals') });
  items.push({ key: 'account', href: '/account', label: t('account') });
  if (can.adminUsers) items.push({ key: 'users', href: '/account/users', label: t('users') });
  if (can.decideJoinRequests)
    items.push({ key: 'joinRequests', href: '/account/join-requests', label: t('joinRequests') });
  if (can.manageApprovalRules)
    items.push({ key: 'approvalRules', href: '/account/approval-rules', label: t('approvalRules') });
  if (can.manageBudgets) items.push({ key: 'budgets', href: '/account/budgets', label: t('budgets') });
  if (can.manageCostCenters)
    items.push({ key: 'costCenters', href: '/account/cost-centers', label: t('costCenters') });
  items.push({ key: 'terms', href: '/terms', label: t('terms') });
  return <SectionNav current={current} label={t('label')} items={items} />;
}
