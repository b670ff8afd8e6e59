import type { LazyPaymentMethodComponent } from '../components/dropin/dropin.tsx';

/**
 * Instant local methods whose payment the shopper confirms in an app (an await action, or for UPI
 * also a QR code or an app link): the drop-in loads each folder when the shopper opens it.
 */
export const awaitMethods: LazyPaymentMethodComponent[] = [
  { txVariants: ['blik'], load: () => import('../components/blik/index.ts') },
  { txVariants: ['mbway'], load: () => import('../components/mbway/index.ts') },
  { txVariants: ['upi'], load: () => import('../components/upi/index.ts') },
  { txVariants: ['ancv'], load: () => import('../components/ancv/index.ts') },
];
