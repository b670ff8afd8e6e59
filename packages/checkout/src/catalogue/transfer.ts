import type { LazyPaymentMethodComponent } from '../components/dropin/dropin.tsx';

/** Bank transfer by IBAN: the drop-in loads each folder when the shopper opens it. */
export const transferMethods: LazyPaymentMethodComponent[] = [
  { txVariants: ['bankTransfer_IBAN'], load: () => import('../components/bank-transfer/index.ts') },
];
