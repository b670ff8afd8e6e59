import type { LazyPaymentMethodComponent } from '../components/dropin/dropin.tsx';

/** SEPA, ACH and UK direct debits: the drop-in loads each folder when the shopper opens it. */
export const directDebitMethods: LazyPaymentMethodComponent[] = [
  { txVariants: ['sepadirectdebit'], load: () => import('../components/sepa/index.ts') },
  { txVariants: ['ach'], load: () => import('../components/ach/index.ts') },
  { txVariants: ['directdebit_GB'], load: () => import('../components/bacs/index.ts') },
];
