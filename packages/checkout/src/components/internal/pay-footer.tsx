import { PayButton, payButtonLabel, StatusMessage } from '../base/pay-button.tsx';
import type { PaymentElement, ViewState } from '../base/payment-element.tsx';

/**
 * The end of a payment form: why the last attempt failed, then the pay button ("Pay €10.00" unless
 * `label` says otherwise) unless the element's or the checkout's `showPayButton` is false.
 */
export function PayFooter({
  element,
  view,
  label = payButtonLabel(element.checkout),
}: {
  element: PaymentElement;
  view: ViewState;
  label?: string;
}) {
  const showPayButton = (element.props.showPayButton ?? element.checkout.options.showPayButton) !== false;
  return (
    <>
      <StatusMessage message={view.message} />
      {showPayButton ? (
        <PayButton label={label} status={view.status} onClick={() => void element.submit()} />
      ) : null}
    </>
  );
}
