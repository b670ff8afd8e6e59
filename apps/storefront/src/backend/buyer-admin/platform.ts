import {
  type ApprovalRule,
  ApprovalRules,
  CostCenters,
  type Order,
  type SpendingAccount,
  SpendingAccounts,
  UserGroups,
  Users,
} from 'ordercloud-javascript-sdk';
import { getConfig } from '../../config';
import { asBuyer, platformError } from '../sdk';

/*
 * The buyer admin's calls for approval rules, budgets (spending accounts) and cost centers. The platform
 * scopes each to the token's company and checks its roles (ApprovalRuleAdmin, SpendingAccountAdmin,
 * CostCenterAdmin); the storefront passes the token on and never decides access by itself.
 */

const PAGE = { pageSize: 100 } as const;
const TIMEOUT_MS = 10_000;

/** What became of a write: done, refused as invalid (with the platform's ErrorCode), not allowed, or failed. */
export type WriteResult =
  | { ok: true }
  | { ok: false; reason: 'invalid' | 'forbidden' | 'failed'; code?: string };

async function write(run: () => Promise<unknown>): Promise<WriteResult> {
  try {
    await run();
    return { ok: true };
  } catch (error) {
    const { status, code } = platformError(error);
    if (status === 401 || status === 403) return { ok: false, reason: 'forbidden' };
    if (status === 400 || status === 404 || status === 409)
      return { ok: false, reason: 'invalid', ...(code ? { code } : {}) };
    return { ok: false, reason: 'failed' };
  }
}

export interface Party {
  readonly id: string;
  readonly name: string;
}

/** The company's user groups (the approving groups and budget holders to choose from). */
export async function listGroups(token: string, companyId: string): Promise<Party[]> {
  const page = await UserGroups.List(companyId, PAGE, asBuyer(token));
  return page.Items.map((group) => ({ id: group.ID ?? '', name: group.Name || group.ID || '' }));
}

export async function listUsers(token: string, companyId: string): Promise<Party[]> {
  const page = await Users.List(companyId, PAGE, asBuyer(token));
  return page.Items.map((user) => ({
    id: user.ID ?? '',
    name: [user.FirstName, user.LastName].filter(Boolean).join(' ') || user.Username || user.ID || '',
  }));
}

// --- approval rules -----------------------------------------------------------------------------------

export async function listApprovalRules(token: string, companyId: string): Promise<ApprovalRule[]> {
  return (await ApprovalRules.List(companyId, { ...PAGE, sortBy: ['Name'] }, asBuyer(token))).Items;
}

export function saveApprovalRule(token: string, companyId: string, rule: ApprovalRule & { ID: string }) {
  return write(() => ApprovalRules.Save(companyId, rule.ID, rule, asBuyer(token)));
}

export function deleteApprovalRule(token: string, companyId: string, ruleId: string) {
  return write(() => ApprovalRules.Delete(companyId, ruleId, asBuyer(token)));
}

/** An order a rule stopped, with that rule's approval. */
export type CaughtOrder = Order & { Approval?: { Status: string; DateCreated: string } | null };

/** The company's orders the rule stopped for approval (the platform's extension route), newest first. */
export async function listCaughtOrders(
  token: string,
  companyId: string,
  ruleId: string,
): Promise<CaughtOrder[]> {
  const url = `${getConfig().platformUrl}/v1/buyers/${encodeURIComponent(companyId)}/approvalrules/${encodeURIComponent(ruleId)}/orders?pageSize=20&sortBy=!DateCreated`;
  const response = await fetch(url, {
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    cache: 'no-store',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`caught orders of ${ruleId}: ${response.status}`);
  return ((await response.json()) as { Items: CaughtOrder[] }).Items;
}

// --- budgets ------------------------------------------------------------------------------------------

export interface Budget {
  readonly account: SpendingAccount;
  /** Who spends it: a user group or a user (the first assignment; the form writes exactly one). */
  readonly groupId?: string;
  readonly userId?: string;
  readonly allowExceed: boolean;
}

export async function listBudgets(token: string, companyId: string): Promise<Budget[]> {
  const [accounts, assignments] = await Promise.all([
    SpendingAccounts.List(companyId, PAGE, asBuyer(token)),
    SpendingAccounts.ListAssignments(companyId, PAGE, asBuyer(token)),
  ]);
  return accounts.Items.map((account) => {
    const own = assignments.Items.filter((assignment) => assignment.SpendingAccountID === account.ID);
    const first = own[0];
    return {
      account,
      ...(first?.UserGroupID ? { groupId: first.UserGroupID } : {}),
      ...(first?.UserID ? { userId: first.UserID } : {}),
      allowExceed: own.some((assignment) => assignment.AllowExceed),
    };
  });
}

export interface BudgetInput {
  readonly id: string;
  readonly name: string;
  readonly balance: number;
  readonly startDate: string | null;
  readonly endDate: string | null;
  readonly party: { readonly groupId: string } | { readonly userId: string };
  readonly allowExceed: boolean;
}

/** Saves the account and its one assignment (a repeated save of the same party updates AllowExceed). */
export function saveBudget(token: string, companyId: string, input: BudgetInput) {
  return write(async () => {
    await SpendingAccounts.Save(
      companyId,
      input.id,
      {
        ID: input.id,
        Name: input.name,
        Balance: input.balance,
        AllowAsPaymentMethod: true,
        StartDate: input.startDate as string,
        EndDate: input.endDate as string,
      },
      asBuyer(token),
    );
    await SpendingAccounts.SaveAssignment(
      companyId,
      {
        SpendingAccountID: input.id,
        ...('groupId' in input.party ? { UserGroupID: input.party.groupId } : { UserID: input.party.userId }),
        AllowExceed: input.allowExceed,
      },
      asBuyer(token),
    );
  });
}

export function deleteBudget(token: string, companyId: string, accountId: string) {
  return write(() => SpendingAccounts.Delete(companyId, accountId, asBuyer(token)));
}

// --- cost centers -------------------------------------------------------------------------------------

export async function listCostCenters(token: string, companyId: string): Promise<Party[]> {
  const page = await CostCenters.List(companyId, { ...PAGE, sortBy: ['Name'] }, asBuyer(token));
  return page.Items.map((center) => ({ id: center.ID ?? '', name: center.Name ?? center.ID ?? '' }));
}

/** Creates or renames a cost center; a new one is assigned to the whole company, so every buyer may pick it. */
export function saveCostCenter(token: string, companyId: string, id: string, name: string, isNew: boolean) {
  return write(async () => {
    await CostCenters.Save(companyId, id, { ID: id, Name: name }, asBuyer(token));
    if (isNew) await CostCenters.SaveAssignment(companyId, { CostCenterID: id }, asBuyer(token));
  });
}

export function deleteCostCenter(token: string, companyId: string, id: string) {
  return write(() => CostCenters.Delete(companyId, id, asBuyer(token)));
}
