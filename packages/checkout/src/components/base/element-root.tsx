import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Checkout } from '../../core/checkout.ts';
import type { PaymentElement, ViewState } from './payment-element.tsx';

const CheckoutContext = createContext<Checkout | undefined>(undefined);

export function useCheckoutContext(): Checkout {
  const checkout = useContext(CheckoutContext);
  if (!checkout) throw new Error('Checkout components must be rendered by an element.');
  return checkout;
}

/** Subscribes a form to its element's view state (status, validation and reset requests…). */
export function useViewState(element: PaymentElement): ViewState {
  return useSyncExternalStore(element.view.subscribe, element.view.get, element.view.get);
}

/** Renders an element, or the action element that has taken its place. */
export function ElementRoot({ element }: { element: PaymentElement }) {
  const { actionElement } = useViewState(element);
  return (
    <CheckoutContext.Provider value={element.checkout}>
      <div className="actuate-checkout" lang={element.checkout.i18n.locale}>
        {actionElement ? actionElement.renderView() : element.renderView()}
      </div>
    </CheckoutContext.Provider>
  );
}
