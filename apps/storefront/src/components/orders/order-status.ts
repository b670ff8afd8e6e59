/*
 * What the order detail page shows about an order's progress and ERP submission, and which actions it
 * offers. Pure functions over the platform's order fields, unit-tested.
 */

export type TimelineStepKey = 'Received' | 'Confirmed' | 'Shipped' | 'Invoiced' | 'Cancelled';
export type TimelineStepState = 'done' | 'current' | 'upcoming';

export interface TimelineStep {
  readonly key: TimelineStepKey;
  readonly state: TimelineStepState;
  /** Shipped only: part of the order has shipped, the rest is still to come. */
  readonly partial?: boolean;
}

const FORWARD: readonly TimelineStepKey[] = ['Received', 'Confirmed', 'Shipped', 'Invoiced'];

/** Position of a WebShopStatus on the forward path (PartlyShipped sits on Shipped). */
function position(status: string | undefined): number {
  switch (status) {
    case 'Received':
    case 'Submitted':
      return 0;
    case 'Confirmed':
      return 1;
    case 'PartlyShipped':
    case 'Shipped':
      return 2;
    case 'Invoiced':
      return 3;
    default:
      return -1;
  }
}

/**
 * The WebShopStatus timeline: Received → Confirmed → (PartlyShipped/)Shipped → Invoiced, or
 * Received → Cancelled. The step the order is at is `current` unless it is the last one (Invoiced),
 * which is `done`; before the ERP has answered every step is upcoming.
 */
export function webShopTimeline(webShopStatus: string | undefined | null): TimelineStep[] {
  const status = webShopStatus ?? undefined;
  if (status === 'Cancelled') {
    return [
      { key: 'Received', state: 'done' },
      { key: 'Cancelled', state: 'done' },
    ];
  }
  const at = position(status);
  return FORWARD.map((key, index) => {
    let state: TimelineStepState = 'upcoming';
    if (index < at) state = 'done';
    else if (index === at)
      state = key === 'Invoiced' || (key === 'Shipped' && status === 'Shipped') ? 'done' : 'current';
    return key === 'Shipped' && status === 'PartlyShipped' ? { key, state, partial: true } : { key, state };
  });
}

export const ORDER_ERP_ISSUES = [
  'MissingCustomer',
  'MissingContact',
  'MissingDeliveryAddress',
  'PartiallySubmitted',
  'LineItemIssue',
  'Error',
] as const;
export type OrderErpIssue = (typeof ORDER_ERP_ISSUES)[number];

export const LINE_ERP_ISSUES = [
  'MissingItemSalesCompany',
  'InvalidItemLifecycleStateFactory',
  'InvalidItemLifecycleStateSalesCompany',
  'InvalidItemStateSalesCompany',
  'Error',
] as const;
export type LineErpIssue = (typeof LINE_ERP_ISSUES)[number];

/** The order's ERP issue if it has one we can explain (`None` and unknown values are no issue). */
export function orderErpIssue(value: unknown): OrderErpIssue | undefined {
  return typeof value === 'string' && (ORDER_ERP_ISSUES as readonly string[]).includes(value)
    ? (value as OrderErpIssue)
    : undefined;
}

/** A line's ERP issue, if any. */
export function lineErpIssue(value: unknown): LineErpIssue | undefined {
  return typeof value === 'string' && (LINE_ERP_ISSUES as readonly string[]).includes(value)
    ? (value as LineErpIssue)
    : undefined;
}

interface OrderLike {
  readonly Status?: string | null;
  readonly xp?: {
    readonly WebShopStatus?: string | null;
    readonly ErpSubmissionIssue?: string | null;
  } | null;
}

/**
 * Whether the buyer may send the order to the ERP again: it is open (submitted, not cancelled) and
 * has an ERP issue, and the ERP has not shipped or cancelled it (lines refused after a complete
 * shipment stay refused, so re-sending then changes nothing).
 */
export function canResubmit(order: OrderLike): boolean {
  if (order.Status !== 'Open') return false;
  if (!orderErpIssue(order.xp?.ErpSubmissionIssue)) return false;
  const status = order.xp?.WebShopStatus;
  return status !== 'Shipped' && status !== 'Invoiced' && status !== 'Cancelled';
}

/** Whether the buyer may cancel the order: the platform lets buyers cancel before it is open. */
export function canCancel(order: OrderLike): boolean {
  return order.Status === 'AwaitingApproval' || order.Status === 'Declined';
}

/** Shipments and issues explain an open order; a cancelled or declined one only needs its state. */
export function isSettled(order: OrderLike): boolean {
  return order.Status === 'Canceled' || order.Status === 'Declined';
}
