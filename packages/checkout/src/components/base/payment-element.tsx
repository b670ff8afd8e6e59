import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { CheckoutCallbacks, ElementHandle, ElementStatus } from '../../core/callbacks.ts';
import type { Checkout } from '../../core/checkout.ts';
import { CheckoutError } from '../../core/errors.ts';
import { type FlowHost, submitAdditionalDetails, submitPayment } from '../../core/payment-flow.ts';
import { Store } from '../../core/store.ts';
import type {
  AdditionalDetailsData,
  ComponentData,
  ElementState,
  Order,
  PaymentAction,
  PaymentData,
  PaymentResponse,
} from '../../core/types.ts';
import { ElementRoot } from './element-root.tsx';

export interface ElementOptions extends CheckoutCallbacks {
  /** Show the component's own pay button (default true). */
  showPayButton?: boolean;
  /** Internal: the element an action element reports back to. */
  parent?: PaymentElement;
  /** Internal: rendered inside the drop-in. */
  isDropin?: boolean;
  /** Internal: told when the attempt ends (the drop-in shows its final screen). */
  onElementFinalResult?(kind: 'success' | 'failure', response: PaymentResponse | undefined): void;
}

export interface ViewState {
  status: ElementStatus;
  /** A message shown with the status (e.g. why the last attempt failed). */
  message: string | undefined;
  /** Bumped by showValidation(); forms react by showing every error and focusing the first. */
  validationRequest: number;
  /** Bumped by reset(); forms clear their fields. */
  resetRequest: number;
  /** The element handling an action (3DS2, redirect) in place of this one. */
  actionElement: PaymentElement | undefined;
  /** Bumped by update() so the view re-reads options. */
  revision: number;
}

/**
 * The small base of every component: lifecycle (mount, update, unmount, remove), the submit
 * pipeline and action hand-over. Forms live in React components that read `view` and report their
 * state through `setState`; the class holds no rendering logic of its own.
 */
export abstract class PaymentElement<O extends ElementOptions = ElementOptions>
  implements ElementHandle, FlowHost
{
  static type = 'element';
  readonly view = new Store<ViewState>({
    status: 'ready',
    message: undefined,
    validationRequest: 0,
    resetRequest: 0,
    actionElement: undefined,
    revision: 0,
  });
  protected state: ElementState<Partial<PaymentData>> = { data: {}, isValid: false };
  private root: Root | undefined;
  private container: Element | undefined;

  constructor(
    readonly checkout: Checkout,
    protected options: O = {} as O,
  ) {}

  get props(): Readonly<O> {
    return this.options;
  }

  get type(): string {
    return (this.constructor as typeof PaymentElement).type;
  }

  get session() {
    return this.checkout.session;
  }

  /** Element callbacks win over the checkout's. */
  get callbacks(): CheckoutCallbacks {
    return { ...this.checkout.options, ...stripUndefined(this.options) };
  }

  get isValid(): boolean {
    return this.state.isValid;
  }

  /** The component's own part of the payment data (paymentMethod, billingAddress…). */
  protected abstract formatData(): ComponentData;

  /** The component's UI; rendered by mount() or by the React bindings. */
  abstract renderView(): ReactNode;

  /** Payment data as the payments call receives it, with risk data, order and attempt id. */
  get data(): PaymentData {
    const own = this.formatData();
    const clientData = this.checkout.risk.clientData;
    const order = this.checkout.order;
    return {
      ...own,
      ...(clientData ? { riskData: { clientData } } : {}),
      ...(order ? { order: { orderData: order.orderData, pspReference: order.pspReference } } : {}),
      clientStateDataIndicator: true,
    };
  }

  /** `data` with the checkout attempt id (analytics), as the payments call sends it. */
  async paymentData(): Promise<PaymentData> {
    const data = this.data;
    const checkoutAttemptId = await this.checkout.analytics.checkoutAttemptId();
    return checkoutAttemptId
      ? { ...data, paymentMethod: { ...data.paymentMethod, checkoutAttemptId } }
      : data;
  }

  /** Forms call this on every change; onChange gets the merchant-facing state. */
  setState(state: ElementState<Partial<PaymentData>>): void {
    this.state = state;
    this.callbacks.onChange?.(
      { data: this.data, isValid: state.isValid, ...(state.errors ? { errors: state.errors } : {}) },
      this,
    );
  }

  /** Renders the component into the element (or the first match of a selector); again on the same node is harmless. */
  mount(target: string | Element): this {
    if (typeof document === 'undefined') {
      throw new CheckoutError(
        'IMPLEMENTATION_ERROR',
        'mount() needs a browser document; render on the client.',
      );
    }
    const node = typeof target === 'string' ? document.querySelector(target) : target;
    if (!node)
      throw new CheckoutError(
        'IMPLEMENTATION_ERROR',
        `Component could not mount. Root node was not found: ${String(target)}`,
      );
    // Mounting again on the same node re-renders instead of failing ("already mounted" in Adyen Web).
    if (this.root && this.container === node) return this;
    this.unmount();
    this.container = node;
    this.root = createRoot(node);
    this.root.render(<ElementRoot element={this} />);
    this.checkout.analytics.send('info', { type: 'rendered', component: this.type });
    return this;
  }

  /** Merges new options and renders again. */
  update(options: Partial<O>): this {
    this.options = { ...this.options, ...options };
    this.view.set({ revision: this.view.get().revision + 1 });
    return this;
  }

  /** Removes the component from the page; `mount()` may put it back. */
  unmount(): this {
    this.root?.unmount();
    this.root = undefined;
    this.container = undefined;
    return this;
  }

  /** Unmounts and forgets any action in progress. */
  remove(): void {
    this.view.get().actionElement?.remove();
    this.view.set({ actionElement: undefined });
    this.unmount();
  }

  /** Pays: shows the validation errors if the form is incomplete, else runs the payments call. */
  submit(): Promise<void> {
    this.checkout.analytics.send('info', { type: 'submit', component: this.type });
    return submitPayment(this);
  }

  /** Shows every error, announces them and focuses the first. */
  showValidation(): this {
    this.view.set({ validationRequest: this.view.get().validationRequest + 1 });
    return this;
  }

  /** Clears every field (a refused payment can be retried with other details). */
  reset(): this {
    this.view.set({ resetRequest: this.view.get().resetRequest + 1, message: undefined, status: 'ready' });
    return this;
  }

  /** Shows the form, a spinner or a final screen (`ready`, `loading`, `success`, `error` …), with an optional message. */
  setStatus(status: ElementStatus, detail: { message?: string } = {}): this {
    this.view.set({ status, message: detail.message });
    return this;
  }

  /** Shows a payments answer's `action` (3-D Secure, redirect, QR code …) in the component's place. */
  handleAction(action: PaymentAction): void {
    const element = this.checkout.createFromAction(action, {
      parent: this,
      isDropin: this.options.isDropin,
      ...this.actionOptions(),
    }) as unknown as PaymentElement;
    this.view.set({ actionElement: element, status: 'ready' });
  }

  /** Options a component passes to the action it triggers (e.g. the 3DS2 challenge window size). */
  protected actionOptions(): Record<string, unknown> {
    return {};
  }

  /** Action elements send their details through the element that made the payment. */
  submitAdditionalDetails(data: AdditionalDetailsData): Promise<void> {
    const host = this.options.parent ?? this;
    return submitAdditionalDetails(host, data);
  }

  /** @internal The payment pipeline's end: the success screen, or the form again with the refusal. */
  onFinalResult(kind: 'success' | 'failure', response: PaymentResponse | undefined): void {
    this.view.set({ actionElement: undefined });
    this.options.onElementFinalResult?.(kind, response);
    if (kind === 'success') {
      this.setStatus('success');
      return;
    }
    const refused = response?.resultCode === 'Refused';
    const message = this.checkout.i18n.get(refused ? 'error.subtitle.refused' : 'error.subtitle.payment');
    this.setStatus('ready', { message });
    this.checkout.liveRegion.announce(message);
  }

  /** A payment left part of the order open: set it up again (session) and tell the drop-in. */
  updateOrder(order: Order): void {
    this.checkout.order = order;
    this.checkout.update({ order }).catch((error: unknown) => this.reportCheckoutError(error));
  }

  /** Hands an error to onError (element's or checkout's), else the console. */
  reportCheckoutError(error: unknown): void {
    const checkoutError =
      error instanceof CheckoutError ? error : new CheckoutError('ERROR', String(error), { cause: error });
    if (this.callbacks.onError) this.callbacks.onError(checkoutError, this);
    else console.error(checkoutError);
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
