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
  setStatus(status: ElementStatus, detail?: { message?: string }): void;
}

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
  resolve(value: T): void;
  reject(reason?: unknown): void;
}

/** Merchant callbacks used by the core, card, stored card, 3DS2 and drop-in. */
export interface CheckoutCallbacks {
  onSubmit?(state: ElementState, element: ElementHandle, actions: CallbackActions<PaymentResponse>): void;
  onAdditionalDetails?(
    state: { data: AdditionalDetailsData },
    element: ElementHandle | undefined,
    actions: CallbackActions<PaymentResponse>,
  ): void;
  beforeSubmit?(data: PaymentData, element: ElementHandle, actions: CallbackActions<PaymentData>): void;
  onPaymentCompleted?(result: PaymentResponse, element?: ElementHandle): void;
  onPaymentFailed?(result: PaymentResponse | undefined, element?: ElementHandle): void;
  onError?(error: CheckoutError, element?: ElementHandle): void;
  onChange?(state: ElementState, element: ElementHandle): void;
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
  onActionHandled?(data: { componentType: string; actionDescription: string }): void;
  onDisableStoredPaymentMethod?(
    storedPaymentMethodId: string,
    resolve: () => void,
    reject: (reason?: unknown) => void,
  ): void;
  onAddressLookup?(
    value: string,
    actions: { resolve(addresses: AddressLookupResult[]): void; reject(reason?: unknown): void },
  ): void;
  onAddressSelected?(
    address: AddressLookupResult,
    actions: { resolve(address: AddressLookupResult): void; reject(reason?: unknown): void },
  ): void;
  onEnterKeyPressed?(activeElement: Element | null, element: ElementHandle): void;
}

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
