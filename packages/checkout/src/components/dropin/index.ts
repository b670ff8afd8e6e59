export {
  Dropin,
  type DropinOptions,
  type LazyPaymentMethodComponent,
  type PaymentMethodComponent,
} from './dropin.tsx';
