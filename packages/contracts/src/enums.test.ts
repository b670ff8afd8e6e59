import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ENVIRONMENTS,
  Environment,
  ERP_SUBMISSION_ISSUES,
  ErpSubmissionIssue,
  LINE_ITEM_ERP_ISSUES,
  LineItemErpIssue,
  ORDER_STATUSES,
  OrderStatus,
  PAYMENT_TYPES,
  PaymentType,
  PRE_SUBMIT_STATUSES,
  PRICE_MARKUP_TYPES,
  PreSubmitStatus,
  PriceMarkupType,
  SUBSCRIPTION_INTERVALS,
  SubscriptionInterval,
  WEB_SHOP_STATUSES,
  WebShopStatus,
} from './enums.ts';

// The values, written out again so a change to an enum is a visible change here.
const spec = [
  [
    OrderStatus,
    ORDER_STATUSES,
    ['Unsubmitted', 'AwaitingApproval', 'Declined', 'Open', 'Completed', 'Canceled'],
  ],
  [
    WebShopStatus,
    WEB_SHOP_STATUSES,
    ['Received', 'Confirmed', 'Shipped', 'Invoiced', 'Cancelled', 'Submitted', 'PartlyShipped'],
  ],
  [
    ErpSubmissionIssue,
    ERP_SUBMISSION_ISSUES,
    [
      'MissingCustomer',
      'MissingContact',
      'MissingDeliveryAddress',
      'PartiallySubmitted',
      'LineItemIssue',
      'Error',
      'None',
    ],
  ],
  [
    LineItemErpIssue,
    LINE_ITEM_ERP_ISSUES,
    [
      'MissingItemSalesCompany',
      'InvalidItemLifecycleStateFactory',
      'InvalidItemLifecycleStateSalesCompany',
      'InvalidItemStateSalesCompany',
      'Error',
    ],
  ],
  [PaymentType, PAYMENT_TYPES, ['PurchaseOrder', 'CreditCard', 'SpendingAccount']],
  [PriceMarkupType, PRICE_MARKUP_TYPES, ['NoMarkup', 'AmountPerQuantity', 'AmountTotal', 'Percentage']],
  [SubscriptionInterval, SUBSCRIPTION_INTERVALS, ['Days', 'Weeks', 'Months']],
  [Environment, ENVIRONMENTS, ['Sandbox', 'Staging', 'Production']],
  [PreSubmitStatus, PRE_SUBMIT_STATUSES, ['Success', 'Failure']],
] as const;

describe('enums', () => {
  it.each(spec.map(([schema, values, expected]) => ({ schema, values, expected, name: expected[0] })))(
    'the enum starting with $name has exactly the listed values',
    ({ schema, values, expected }) => {
      expect([...values]).toEqual([...expected]);
      for (const value of expected) expect(schema.parse(value)).toBe(value);
      fc.assert(
        fc.property(
          fc.oneof(
            fc.string().filter((text) => !(expected as readonly string[]).includes(text)),
            fc.constantFrom(...expected).map((value) => value.toLowerCase()),
            fc.constantFrom(...expected).map((value) => ` ${value}`),
          ),
          (value) => {
            expect(schema.safeParse(value).success).toBe(false);
          },
        ),
      );
    },
  );
});
