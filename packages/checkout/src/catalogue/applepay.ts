import type { LazyPaymentMethodComponent } from '../components/dropin/dropin.tsx';

/** The device wallet (Apple Pay type): loaded when listed; an instant button with `instantPaymentTypes`. */
export const applePayMethods: LazyPaymentMethodComponent[] = [
  { txVariants: ['applepay'], load: () => import('../components/applepay/index.ts') },
];
