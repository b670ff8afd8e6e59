/*
 * What the storefront offers a buyer, from the roles in their token (`/me` AvailableRoles). The
 * platform enforces the same roles on every call regardless; this only decides what is shown.
 */

export interface Capabilities {
  /** May see and manage the company's users (buyer admin). */
  readonly manageUsers: boolean;
  /** May read the company's record (credit hold, VAT number, invoice e-mail). */
  readonly readCompany: boolean;
  /** May change the own profile (name, e-mail, phone). */
  readonly editProfile: boolean;
  /** May keep a personal address book. */
  readonly editAddresses: boolean;
  /** May write the own extension (terms acceptance, language preference). */
  readonly writeXp: boolean;
  /** May shop: orders, reorder, approvals. */
  readonly shop: boolean;
  /** May keep subscriptions. */
  readonly subscribe: boolean;
  /** May approve or decline who joins the company (the middleware checks the same role). */
  readonly decideJoinRequests: boolean;
  /** May keep the company's approval rules, budgets (spending accounts) and cost centers (buyer admin). */
  readonly manageApprovalRules: boolean;
  readonly manageBudgets: boolean;
  readonly manageCostCenters: boolean;
  /** May invite, (de)activate and edit the company's users and give their roles (the users page). */
  readonly adminUsers: boolean;
}

export function capabilitiesOf(roles: readonly string[] | null | undefined): Capabilities {
  const has = (...wanted: string[]) =>
    wanted.some((role) => roles?.includes(role) || roles?.includes('FullAccess'));
  return {
    manageUsers: has('BuyerUserAdmin', 'BuyerUserReader'),
    readCompany: has('BuyerAdmin', 'BuyerReader'),
    editProfile: has('MeAdmin'),
    editAddresses: has('MeAddressAdmin'),
    writeXp: has('MeXpAdmin'),
    shop: has('Shopper'),
    subscribe: has('MeSubscriptionAdmin'),
    decideJoinRequests: has('BuyerUserAdmin'),
    manageApprovalRules: has('ApprovalRuleAdmin'),
    manageBudgets: has('SpendingAccountAdmin'),
    manageCostCenters: has('CostCenterAdmin'),
    adminUsers: has('BuyerUserAdmin'),
  };
}

/** A short, buyer-facing summary of a user's roles: the keys of the `Account.roles` messages. */
export type RoleLabel = 'admin' | 'approver' | 'shopper' | 'pending';

export function roleLabels(
  roles: readonly string[] | null | undefined,
  groupIds: readonly string[] = [],
  kind?: string | null,
): RoleLabel[] {
  const labels: RoleLabel[] = [];
  if (roles?.includes('BuyerAdmin') || roles?.includes('BuyerUserAdmin') || groupIds.includes('buyer-admins'))
    labels.push('admin');
  if (groupIds.includes('order-approvers') || roles?.includes('OrderApprover')) labels.push('approver');
  // The platform lists other users without their roles: a complete registration is a buyer.
  if (roles?.includes('Shopper') || (!roles?.length && kind === 'Complete')) labels.push('shopper');
  if (kind === 'Pending') return ['pending'];
  return labels.length > 0 ? labels : ['pending'];
}
