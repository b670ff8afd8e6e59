import { useSyncExternalStore } from 'react';
import type { PaymentElement, ViewState } from './payment-element.tsx';

/** Subscribes a form to its element's view state (status, validation and reset requests…). */
export function useViewState(element: PaymentElement): ViewState {
  return useSyncExternalStore(element.view.subscribe, element.view.get, element.view.get);
}

/** Renders an element, or the action element that has taken its place. */
export function ElementRoot({ element }: { element: PaymentElement }) {
  const { actionElement } = useViewState(element);
  return (
    <div className="actuate-checkout" lang={element.checkout.i18n.locale}>
      {actionElement ? actionElement.renderView() : element.renderView()}
    </div>
  );
}
