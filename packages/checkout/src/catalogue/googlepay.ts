import type { LazyPaymentMethodComponent } from '../components/dropin/dropin.tsx';

/** The browser wallet: its code (and the wallet's script) load only when the drop-in shows it. */
export const googlePayMethods: LazyPaymentMethodComponent[] = [
  { txVariants: ['googlepay', 'paywithgoogle'], load: () => import('../components/googlepay/index.ts') },
];
