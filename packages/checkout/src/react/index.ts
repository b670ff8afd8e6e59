export {
  CheckoutProvider,
  type CheckoutProviderProps,
  PaymentElementView,
  useCheckout,
  usePaymentElement,
} from './bindings.tsx';
export { CardElement, DropinElement } from './elements.tsx';
