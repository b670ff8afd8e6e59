import type { LazyPaymentMethodComponent } from '../components/dropin/dropin.tsx';

/** Cash App Pay (a wallet with its own SDK): the drop-in loads the folder when the shopper opens it. */
export const cashAppMethods: LazyPaymentMethodComponent[] = [
  { txVariants: ['cashapp'], load: () => import('../components/cashapp/index.ts') },
];
