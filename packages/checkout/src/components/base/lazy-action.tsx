import { useSyncExternalStore } from 'react';
import type { ActionHandler, Checkout } from '../../core/checkout.ts';
import { CheckoutError } from '../../core/errors.ts';
import { Store } from '../../core/store.ts';
import type { ComponentData, PaymentAction } from '../../core/types.ts';
import { Spinner } from './pay-button.tsx';
import { type ElementOptions, PaymentElement } from './payment-element.tsx';

/** Fetches the code of the component that shows an action, and creates it. */
type ActionLoader = (
  checkout: Checkout,
  action: PaymentAction,
  options: Record<string, unknown>,
) => Promise<PaymentElement>;

interface LazyActionOptions extends ElementOptions {
  action: PaymentAction;
  load: () => Promise<PaymentElement>;
}

/**
 * Stands in for an action's component until its lazy chunk has arrived, then shows it. A stored
 * action (a bank transfer's details, a voucher) can so be shown on a page that never loaded its
 * payment method, e.g. an order confirmation page.
 */
class LazyActionElement extends PaymentElement<LazyActionOptions> {
  readonly loaded = new Store<{ element: PaymentElement | undefined }>({ element: undefined });

  constructor(checkout: Checkout, options: LazyActionOptions) {
    super(checkout, options);
    options.load().then(
      (element) => this.loaded.set({ element }),
      (cause: unknown) => {
        const error = new CheckoutError('ERROR', `The ${options.action.type} action could not be loaded.`, {
          cause,
        });
        if (this.callbacks.onError) this.callbacks.onError(error, this.options.parent ?? this);
        else console.error(error);
      },
    );
  }

  override get type(): string {
    return this.options.action.type;
  }

  override get isValid(): boolean {
    return true;
  }

  override submit(): Promise<void> {
    return this.loaded.get().element?.submit() ?? Promise.resolve();
  }

  protected formatData(): ComponentData {
    return { paymentMethod: { type: this.options.action.paymentMethodType ?? this.options.action.type } };
  }

  renderView() {
    return <LazyActionView element={this} />;
  }
}

function LazyActionView({ element }: { element: LazyActionElement }) {
  const { loaded } = element;
  const { element: shown } = useSyncExternalStore(loaded.subscribe, loaded.get, loaded.get);
  return shown ? shown.renderView() : <Spinner label={element.checkout.i18n.get('loading')} />;
}

/** An action handler whose component is fetched the first time such an action is shown. */
export function lazyAction(load: ActionLoader): ActionHandler {
  return (checkout, action, options) =>
    new LazyActionElement(checkout, {
      ...(options as ElementOptions),
      action,
      load: () => load(checkout, action, options),
    });
}
