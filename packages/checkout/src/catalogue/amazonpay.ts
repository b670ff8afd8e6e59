import type { LazyPaymentMethodComponent } from '../components/dropin/dropin.tsx';

/** Amazon Pay (cart wallet): the drop-in loads the folder, and the folder Amazon's script, when the shopper opens it. */
export const amazonPayMethods: LazyPaymentMethodComponent[] = [
  { txVariants: ['amazonpay'], load: () => import('../components/amazonpay/index.ts') },
];
