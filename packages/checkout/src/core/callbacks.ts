import type { Amount } from './amount.ts';
import type { CheckoutError } from './errors.ts';
import type {
  AdditionalDetailsData,
  BalanceCheckResponse,
  ElementState,
  Order,
  PaymentData,
  PaymentMethodsResponse,
  PaymentResponse,
} from './types.ts';

/** The element type callbacks receive, kept structural so core does not import components. */
export interface ElementHandle {
  readonly type: string;
  readonly isValid: boolean;
  /** Shows the form, a spinner or a final screen, with an optional message. */
  setStatus(status: ElementStatus, detail?: { message?: string }): void;
}

/** What a component shows: the form (`ready`), a spinner (`loading`), a final screen, or a gift-card outcome. */
export type ElementStatus =
  | 'ready'
  | 'loading'
  | 'success'
  | 'error'
  | 'redirect'
  | 'custom'
  /** Gift cards: the balance check found nothing to pay with. */
  | 'no-balance'
  | 'card-error'
  | 'currency-error';

/** resolve/reject given to the merchant's asynchronous callbacks, as in Adyen Web. */
export interface CallbackActions<T> {
  /** Continue with the merchant server's answer. */
  resolve(value: T): void;
  /** Stop: the component returns to `ready` (or shows the failure the reason carries). */
  reject(reason?: unknown): void;
}

/** Merchant callbacks used by the core, card, stored card, 3DS2 and drop-in. */
export interface CheckoutCallbacks {
  /**
   * Advanced flow: send `state.data` to the merchant server, which calls `POST /payments`; resolve
   * with its answer (`resultCode`, `action`, `order`).
   */
  onSubmit?(state: ElementState, element: ElementHandle, actions: CallbackActions<PaymentResponse>): void;
  /**
   * Advanced flow: send `state.data` (after a redirect, 3-D Secure or an app) to the merchant server,
   * which calls `POST /payments/details`; resolve with its answer.
   */
  onAdditionalDetails?(
    state: { data: AdditionalDetailsData },
    element: ElementHandle | undefined,
    actions: CallbackActions<PaymentResponse>,
  ): void;
  /** Sessions flow: add or change payment data before the widget sends it; resolve with the data to send. */
  beforeSubmit?(data: PaymentData, element: ElementHandle, actions: CallbackActions<PaymentData>): void;
  /** The payment ended well (`Authorised`, `Pending`, `Received` …): show the receipt. */
  onPaymentCompleted?(result: PaymentResponse, element?: ElementHandle): void;
  /** The payment was `Refused`, `Cancelled` or ended in `Error` (or no result came back). */
  onPaymentFailed?(result: PaymentResponse | undefined, element?: ElementHandle): void;
  /** A failure of the widget or a call (see `CheckoutError.type`); the shopper may usually retry. */
  onError?(error: CheckoutError, element?: ElementHandle): void;
  /** The shopper changed the form: `state.isValid` and `state.data` as they now are. */
  onChange?(state: ElementState, element: ElementHandle): void;
  /** A partial payment left an order with a remaining amount open. */
  onOrderUpdated?(data: { order: Order }): void;
  /** Advanced flow: check a gift card's balance (the merchant's /paymentMethods/balance), resolve its answer. */
  onBalanceCheck?(
    resolve: (response: BalanceCheckResponse) => void,
    reject: (reason?: unknown) => void,
    data: PaymentData,
  ): void;
  /** Advanced flow: open an order (the merchant's /orders) when a gift card covers only part. */
  onOrderRequest?(
    resolve: (order: Order) => void,
    reject: (reason?: unknown) => void,
    data: PaymentData,
  ): void;
  /**
   * Advanced flow: cancel the open order (the merchant's /orders/cancel). Resolve once cancelled,
   * optionally with the full amount and payment methods to show again.
   */
  onOrderCancel?(
    data: { order: Order },
    actions: CallbackActions<
      { amount?: Amount; paymentMethodsResponse?: PaymentMethodsResponse } | undefined
    >,
  ): void;
  /** A gift card covers the whole amount: resolve to pay with it, reject to stay on the form. */
  onRequiringConfirmation?(element: ElementHandle, actions: CallbackActions<void>): void;
  /** An action (3-D Secure, redirect, QR code …) is shown to the shopper. */
  onActionHandled?(data: { componentType: string; actionDescription: string }): void;
  /** The shopper removes a stored method: disable it on the merchant server, then resolve. */
  onDisableStoredPaymentMethod?(
    storedPaymentMethodId: string,
    resolve: () => void,
    reject: (reason?: unknown) => void,
  ): void;
  /** Suggest addresses for what the shopper typed into the address search. */
  onAddressLookup?(
    value: string,
    actions: { resolve(addresses: AddressLookupResult[]): void; reject(reason?: unknown): void },
  ): void;
  /** The shopper picked a suggestion: resolve with the full address to fill in. */
  onAddressSelected?(
    address: AddressLookupResult,
    actions: { resolve(address: AddressLookupResult): void; reject(reason?: unknown): void },
  ): void;
  /** Enter was pressed in a field; without this callback the component submits. */
  onEnterKeyPressed?(activeElement: Element | null, element: ElementHandle): void;
}

/** One address suggestion of `onAddressLookup`. */
export interface AddressLookupResult {
  id: string | number;
  name: string;
  street?: string;
  houseNumberOrName?: string;
  postalCode?: string;
  city?: string;
  stateOrProvince?: string;
  country?: string;
}

/** What the Donation component hands to `onDonate` and `onCancel` (`state.data`). */
export interface DonationState {
  data: {
    /** The chosen amount, in minor units; absent on a cancel before any choice. */
    amount?: { currency: string; value: number };
    donationType: 'fixedAmounts' | 'roundup';
    /** The campaign's id, for the merchant's `POST /donations`. */
    donationCampaignId?: string;
    /** Passed back as given in the options, so the merchant needs no other store for it. */
    donationToken?: string;
  };
  isValid: boolean;
}

/**
 * The Donation component's callbacks: `onDonate` makes the donation on the merchant's server
 * (`POST /donations`) and then calls `element.setStatus('success' | 'error')`; `onCancel` is "Not now".
 */
export interface DonationCallbacks {
  /** The shopper chose Donate with an amount. */
  onDonate?(state: DonationState, element: ElementHandle): void;
  /** The shopper chose "Not now". */
  onCancel?(state: DonationState, element: ElementHandle): void;
}
