import {
  type ApprovalRule,
  ApprovalRules,
  type LineItem,
  LineItems,
  Orders,
  type RequiredDeep,
} from 'ordercloud-javascript-sdk';
import { asBuyer } from './sdk';

/*
 * What an approver needs on an approval card besides the order itself: its lines, and the approval
 * rules that stopped it. The rule's own record (name, threshold in `xp`) is read when the approver's
 * roles allow it (ApprovalRuleReader, e.g. a buyer admin); otherwise only the rule's ID is known.
 */

export interface ApprovalRuleView {
  readonly id: string;
  readonly name?: string;
  /** Orders above this amount need approval (the seed's `xp.ThresholdMinor`, in minor units). */
  readonly threshold?: { readonly amount: number; readonly currency: string };
}

export interface ApprovalCardDetails {
  readonly lines: RequiredDeep<LineItem>[];
  readonly rules: ApprovalRuleView[];
}

async function ruleView(token: string, companyId: string, ruleId: string): Promise<ApprovalRuleView> {
  try {
    const rule = await ApprovalRules.Get<ApprovalRule<Record<string, unknown>>>(
      companyId,
      ruleId,
      asBuyer(token),
    );
    const minor = rule.xp?.ThresholdMinor;
    const currency = rule.xp?.Currency;
    return {
      id: ruleId,
      ...(rule.Name ? { name: rule.Name } : {}),
      ...(typeof minor === 'number' && typeof currency === 'string'
        ? { threshold: { amount: minor / 100, currency } }
        : {}),
    };
  } catch {
    return { id: ruleId };
  }
}

/** The lines and pending approval rules of an order waiting for this buyer's approval. */
export async function approvalCardDetails(
  token: string,
  companyId: string,
  orderId: string,
): Promise<ApprovalCardDetails> {
  const options = asBuyer(token);
  const [lines, approvals] = await Promise.all([
    LineItems.List('All', orderId, { pageSize: 100 }, options)
      .then((result) => result.Items)
      .catch(() => [] as RequiredDeep<LineItem>[]),
    Orders.ListApprovals('All', orderId, { pageSize: 100 }, options)
      .then((result) => result.Items)
      .catch(() => []),
  ]);
  const ruleIds = [
    ...new Set(
      approvals
        .filter((approval) => approval.Status === 'Pending' && approval.ApprovalRuleID)
        .map((approval) => approval.ApprovalRuleID),
    ),
  ];
  const rules = await Promise.all(ruleIds.map((ruleId) => ruleView(token, companyId, ruleId)));
  return { lines, rules };
}
