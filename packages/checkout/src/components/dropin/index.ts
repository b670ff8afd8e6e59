export {
  Dropin,
  type DropinOptions,
  type LazyPaymentMethodComponent,
} from './dropin.tsx';
