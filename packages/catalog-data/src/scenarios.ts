/**
 * Documented ERP scenarios: which entities reproduce each ERP submission issue (the issue enums of
 * @actuate/contracts), so the middleware, the back office and the end-to-end tests can provoke
 * them on purpose.
 *
 * The items are picked by position, not by number: the HD60 family's items 2–5 (in release order)
 * carry the four line-item issues for sales company ADK (ACME's), and the first item of several
 * families is released everywhere (happy path). Their product state is forced to Active so the
 * shop offers them.
 */
import {
  ADDRESS_MISSING_IN_ERP_ID,
  type CustomerData,
  DEMO_LOGINS,
  MISSING_ERP_CONTACT_USERNAME,
  MISSING_ERP_CUSTOMER_ID,
} from './customers.ts';
import type { LifecycleOverride } from './lifecycle.ts';
import { type Currency, SALES_COMPANY_IDS } from './organisation.ts';
import type { SalesItem } from './sales-items.ts';

export type LineItemErpIssue =
  | 'MissingItemSalesCompany'
  | 'InvalidItemLifecycleStateFactory'
  | 'InvalidItemLifecycleStateSalesCompany'
  | 'InvalidItemStateSalesCompany';

export interface LineItemIssueScenario {
  issue: LineItemErpIssue;
  salesItemNumber: string;
  salesCompanyId: string;
  factoryId: string;
  explanation: string;
}

export interface ErpScenarios {
  /** Items that are active, released at their factory and at every sales company. */
  orderableSalesItemNumbers: string[];
  lineItemIssues: Record<LineItemErpIssue, LineItemIssueScenario>;
  missingCustomer: {
    issue: 'MissingCustomer';
    companyId: string;
    erpId: string;
    username: string;
    explanation: string;
  };
  missingContact: {
    issue: 'MissingContact';
    userId: string;
    username: string;
    crmContactId: string;
    erpId: string;
    explanation: string;
  };
  missingDeliveryAddress: {
    issue: 'MissingDeliveryAddress';
    addressId: string;
    username: string;
    explanation: string;
  };
  partialSubmission: {
    issue: 'PartiallySubmitted';
    username: string;
    companyId: string;
    lines: { salesItemNumber: string; quantity: number; expectedLineIssue: LineItemErpIssue | null }[];
    explanation: string;
  };
  creditHold: { companyId: string; username: string; explanation: string };
  approvalRequired: {
    companyId: string;
    username: string;
    approverUsername: string;
    approvalRuleId: string;
    thresholdMinor: number;
    currency: Currency;
    explanation: string;
  };
  pendingRegistration: { companyId: string; username: string; explanation: string };
}

/** Families whose first item is on the happy-path list (when the world has items there). */
const HAPPY_PATH_FAMILIES = ['HD60', 'HD25', 'CA10', 'MB40', 'DL2', 'CB20', 'HS10'];
const SCENARIO_FAMILY = 'HD60';
/** ACME's sales company: the line-item scenarios are set up for it. */
const SCENARIO_SALES_COMPANY = 'ADK';

export interface ScenarioPlan {
  scenarios: ErpScenarios;
  overrides: Map<string, LifecycleOverride>;
  protectedItems: Set<string>;
}

function requireValue<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`ERP scenarios: ${what} is missing`);
  return value;
}

/** Picks the scenario items (forcing them Active) and describes every scenario. */
export function planScenarios(salesItems: SalesItem[], customers: CustomerData): ScenarioPlan {
  const byFamily = new Map<string, SalesItem[]>();
  for (const item of salesItems) {
    let list = byFamily.get(item.familyId);
    if (!list) {
      list = [];
      byFamily.set(item.familyId, list);
    }
    if (list.length < 5) list.push(item);
  }

  const orderable = HAPPY_PATH_FAMILIES.map((familyId) => byFamily.get(familyId)?.[0]).filter(
    (item): item is SalesItem => item !== undefined,
  );
  const scenarioItems = byFamily.get(SCENARIO_FAMILY)?.slice(1, 5) ?? [];
  if (scenarioItems.length < 4 || orderable.length === 0) {
    throw new RangeError('The world is too small for the ERP scenarios (need at least 5 HD60 items)');
  }
  for (const item of [...orderable, ...scenarioItems]) item.productState = 'Active';

  const [missingItem, blockedAtFactory, blockedAtSalesCompany, stoppedAtSalesCompany] = scenarioItems as [
    SalesItem,
    SalesItem,
    SalesItem,
    SalesItem,
  ];
  const overrides = new Map<string, LifecycleOverride>([
    [
      missingItem.salesItemNumber,
      { factoryState: 'Released', salesCompanies: allReleased({ ADK: 'missing' }) },
    ],
    [blockedAtFactory.salesItemNumber, { factoryState: 'Blocked', salesCompanies: allReleased({}) }],
    [
      blockedAtSalesCompany.salesItemNumber,
      {
        factoryState: 'Released',
        salesCompanies: allReleased({ ADK: { lifecycleState: 'Blocked', itemState: 'Active' } }),
      },
    ],
    [
      stoppedAtSalesCompany.salesItemNumber,
      {
        factoryState: 'Released',
        salesCompanies: allReleased({ ADK: { lifecycleState: 'Released', itemState: 'Stopped' } }),
      },
    ],
  ]);

  const issue = (kind: LineItemErpIssue, item: SalesItem, explanation: string): LineItemIssueScenario => ({
    issue: kind,
    salesItemNumber: item.salesItemNumber,
    salesCompanyId: SCENARIO_SALES_COMPANY,
    factoryId: item.factoryId,
    explanation,
  });

  const missingCompany = requireValue(
    customers.companies.find((company) => company.id === MISSING_ERP_CUSTOMER_ID),
    'the missing customer',
  );
  const missingCompanyUser = requireValue(
    customers.users.find((user) => user.companyId === missingCompany.id),
    'a user of the missing customer',
  );
  const missingContactUser = requireValue(
    customers.users.find((user) => user.username === MISSING_ERP_CONTACT_USERNAME),
    'the user with the missing contact',
  );
  const approvalRule = requireValue(customers.approvalRules[0], 'the approval rule');
  const creditHoldCompany = requireValue(
    customers.companies.find((company) => company.creditHold),
    'the credit-hold company',
  );
  const firstOrderable = orderable[0] as SalesItem;

  return {
    overrides,
    protectedItems: new Set(orderable.map((item) => item.salesItemNumber)),
    scenarios: {
      orderableSalesItemNumbers: orderable.map((item) => item.salesItemNumber),
      lineItemIssues: {
        MissingItemSalesCompany: issue(
          'MissingItemSalesCompany',
          missingItem,
          'Active in the shop and released at its factory, but not set up at sales company ADK (no record).',
        ),
        InvalidItemLifecycleStateFactory: issue(
          'InvalidItemLifecycleStateFactory',
          blockedAtFactory,
          'Released at every sales company, but Blocked at its factory.',
        ),
        InvalidItemLifecycleStateSalesCompany: issue(
          'InvalidItemLifecycleStateSalesCompany',
          blockedAtSalesCompany,
          'Released at its factory, but its lifecycle state at sales company ADK is Blocked.',
        ),
        InvalidItemStateSalesCompany: issue(
          'InvalidItemStateSalesCompany',
          stoppedAtSalesCompany,
          'Released everywhere, but its item state at sales company ADK is Stopped.',
        ),
      },
      missingCustomer: {
        issue: 'MissingCustomer',
        companyId: missingCompany.id,
        erpId: requireValue(missingCompany.erpId, 'the missing customer ERP id'),
        username: missingCompanyUser.username,
        explanation: `${missingCompany.name} is in the shop and the CRM, but the ERP has no customer ${missingCompany.erpId}.`,
      },
      missingContact: {
        issue: 'MissingContact',
        userId: missingContactUser.id,
        username: missingContactUser.username,
        crmContactId: requireValue(missingContactUser.crmId, 'the missing contact CRM id'),
        erpId: requireValue(missingContactUser.erpId, 'the missing contact ERP id'),
        explanation: `The CRM has the contact of ${missingContactUser.username}, the ERP has no contact ${missingContactUser.erpId}.`,
      },
      missingDeliveryAddress: {
        issue: 'MissingDeliveryAddress',
        addressId: ADDRESS_MISSING_IN_ERP_ID,
        username: DEMO_LOGINS.shopper,
        explanation: 'A personal address has no ERP id; an order shipped there has no ERP delivery address.',
      },
      partialSubmission: {
        issue: 'PartiallySubmitted',
        username: DEMO_LOGINS.shopper,
        companyId: 'acme-dk',
        lines: [
          { salesItemNumber: firstOrderable.salesItemNumber, quantity: 2, expectedLineIssue: null },
          {
            salesItemNumber: missingItem.salesItemNumber,
            quantity: 1,
            expectedLineIssue: 'MissingItemSalesCompany',
          },
        ],
        explanation:
          'One line the ERP accepts and one it refuses: the order is submitted partially and the refused line carries its issue.',
      },
      creditHold: {
        companyId: creditHoldCompany.id,
        username: DEMO_LOGINS.creditHoldShopper,
        explanation: `${creditHoldCompany.name} is on credit hold: orders on account (purchase order) are refused.`,
      },
      approvalRequired: {
        companyId: approvalRule.companyId,
        username: DEMO_LOGINS.shopper,
        approverUsername: DEMO_LOGINS.buyerAdminApprover,
        approvalRuleId: approvalRule.id,
        thresholdMinor: approvalRule.thresholdMinor,
        currency: approvalRule.currency,
        explanation: `Orders above ${formatMinor(approvalRule.thresholdMinor)} ${approvalRule.currency} wait for approval by the order approvers.`,
      },
      pendingRegistration: {
        companyId: 'new-buyer',
        username: DEMO_LOGINS.pendingRegistrant,
        explanation: 'Registration not yet processed: no CRM or ERP ids, the user cannot shop.',
      },
    },
  };
}

/** 5000000 → "50,000.00" (fixed format, independent of the machine's locale). */
function formatMinor(minor: number): string {
  const whole = Math.trunc(minor / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${String(Math.abs(minor % 100)).padStart(2, '0')}`;
}

function allReleased(
  exceptions: Record<
    string,
    { lifecycleState: 'Released' | 'Blocked'; itemState: 'Active' | 'Stopped' } | 'missing'
  >,
): NonNullable<LifecycleOverride['salesCompanies']> {
  const result: NonNullable<LifecycleOverride['salesCompanies']> = {};
  for (const salesCompanyId of SALES_COMPANY_IDS) {
    result[salesCompanyId] = exceptions[salesCompanyId] ?? {
      lifecycleState: 'Released',
      itemState: 'Active',
    };
  }
  return result;
}
