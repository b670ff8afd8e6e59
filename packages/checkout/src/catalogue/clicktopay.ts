import type { LazyPaymentMethodComponent } from '../components/dropin/dropin.tsx';

/** Click to Pay on its own (inside the card component it needs no entry here). */
export const clickToPayMethods: LazyPaymentMethodComponent[] = [
  { txVariants: ['clicktopay'], load: () => import('../components/clicktopay/index.ts') },
];
