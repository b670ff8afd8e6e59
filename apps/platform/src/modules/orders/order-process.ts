import { HttpError } from '@actuate/service-kit';

/**
 * The order process as one table: the statuses an order passes through (OrderCloud's, see
 * docs/domain.md#orders), which statuses each action accepts, where it leads, and the error a
 * refusal gives. Every status check of the platform goes through here.
 */
export const OrderStatus = {
  Unsubmitted: 'Unsubmitted',
  AwaitingApproval: 'AwaitingApproval',
  Open: 'Open',
  Completed: 'Completed',
  Canceled: 'Canceled',
  Declined: 'Declined',
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

const { Unsubmitted, AwaitingApproval, Open, Completed, Canceled, Declined } = OrderStatus;
const ALL: readonly OrderStatus[] = Object.values(OrderStatus);

interface Step {
  /** The statuses the action accepts. */
  readonly from: readonly OrderStatus[];
  /** The status the order takes (none: the action does not move it). */
  readonly to?: OrderStatus;
  /** The refusal in any other status: 400 with `{Status}` as its data. */
  readonly refusal: { readonly code: string; readonly message: (status: string) => string };
}

const refusal = (code: string, message: string | ((status: string) => string)) => ({
  code,
  message: typeof message === 'string' ? () => message : message,
});

const notUnsubmittedForSubmit = refusal(
  'Order.CannotSubmitBadStatus',
  'Cannot submit order with this status. Order status must be Unsubmitted.',
);
const notAwaitingApproval = refusal(
  'Order.MustBeAwaitingApproval',
  'Cannot process order with given status. Order status must be AwaitingApproval.',
);
const notCancellable = refusal(
  'Order.CannotCancelInCurrentStatus',
  (status) => `Cannot cancel an order with the status of ${status}.`,
);

export const ORDER_PROCESS = {
  /** The order's fields, lines, addresses, shipping and calculation: a buyer changes only the cart. */
  edit: {
    from: [Unsubmitted],
    // OrderCloud publishes no code for editing a submitted order's lines; ours names it.
    refusal: refusal(
      'Order.CannotModifySubmittedOrder',
      (status) => `Cannot change an order with status ${status}; it must be Unsubmitted.`,
    ),
  },
  /** Only an Unsubmitted order can be a user's active cart. */
  beCart: {
    from: [Unsubmitted],
    refusal: refusal('Cart.MustBeUnsubmitted', 'Only an Unsubmitted order can be the active cart.'),
  },
  applyPromotion: {
    from: [Unsubmitted, AwaitingApproval],
    refusal: refusal(
      'Order.CannotApplyPromoBadStatus',
      'Promotions can only be applied to an order that is Unsubmitted or AwaitingApproval.',
    ),
  },
  /** Adding or editing a payment. */
  pay: {
    from: ALL.filter((status) => status !== Canceled),
    refusal: refusal('Payment.CannotEditCancelled', 'Cannot add or edit a payment on a canceled order.'),
  },
  /** Submit opens the order, or routes it for approval when a rule fires (`submitForApproval`). */
  submit: {
    from: [Unsubmitted],
    to: Open,
    refusal: notUnsubmittedForSubmit,
  },
  submitForApproval: {
    from: [Unsubmitted],
    to: AwaitingApproval,
    refusal: notUnsubmittedForSubmit,
  },
  /** The last pending approval opens the order. */
  approve: {
    from: [AwaitingApproval],
    to: Open,
    refusal: notAwaitingApproval,
  },
  decline: {
    from: [AwaitingApproval],
    to: Declined,
    refusal: notAwaitingApproval,
  },
  /** A decline with AllowResubmit sends the order back to the buyer's cart. */
  declineForResubmit: {
    from: [AwaitingApproval],
    to: Unsubmitted,
    refusal: notAwaitingApproval,
  },
  cancel: {
    from: [Unsubmitted, AwaitingApproval, Declined],
    to: Canceled,
    refusal: notCancellable,
  },
  /** An order admin may also cancel an Open order while nothing has shipped (as Headstart does). */
  cancelUnshipped: {
    from: [Open],
    to: Canceled,
    refusal: notCancellable,
  },
  complete: {
    from: [Open],
    to: Completed,
    refusal: refusal(
      'Order.CannotCompleteBadStatus',
      'Cannot complete an order with this status. Order status must be Open.',
    ),
  },
  /** Shipping (all at once, or the last item of a shipment) completes the order. */
  ship: {
    from: [Open],
    to: Completed,
    refusal: refusal(
      'Order.CannotShipBadStatus',
      'Cannot ship order with this status. Order status must be Open.',
    ),
  },
} as const satisfies Record<string, Step>;

export type OrderAction = keyof typeof ORDER_PROCESS;

/** Orders that stop their user from moving to another buyer: submitted and not finished. */
export const IN_PROGRESS: readonly OrderStatus[] = [Open, AwaitingApproval];

/** Whether an order in `status` takes `action`. */
export function may(action: OrderAction, status: string): boolean {
  return (ORDER_PROCESS[action].from as readonly string[]).includes(status);
}

/** The error an order in `status` gets for `action`. */
export function refusalOf(action: OrderAction, status: string): HttpError {
  const { code, message } = ORDER_PROCESS[action].refusal;
  return new HttpError(400, code, message(status), { Status: status });
}

/** Throws the action's refusal unless an order in `status` takes it. */
export function assertMay(action: OrderAction, status: string): void {
  if (!may(action, status)) throw refusalOf(action, status);
}

/** The actions that move an order to another status. */
export type OrderTransition = {
  [A in OrderAction]: (typeof ORDER_PROCESS)[A] extends { to: OrderStatus } ? A : never;
}[OrderAction];

/** The status `transition` leads to. */
export function statusAfter(transition: OrderTransition): OrderStatus {
  return ORDER_PROCESS[transition].to;
}
