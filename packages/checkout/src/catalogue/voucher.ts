import { BOLETO_TYPES } from '../components/boleto/variants.ts';
import { DOKU_TYPES } from '../components/doku/variants.ts';
import { DRAGONPAY_TYPES } from '../components/dragonpay/variants.ts';
import type { LazyPaymentMethodComponent } from '../components/dropin/dropin.tsx';
import { ECONTEXT_TYPES } from '../components/econtext/variants.ts';

/** Vouchers paid later at a bank, store or ATM: the drop-in loads each folder when the shopper opens it. */
export const voucherMethods: LazyPaymentMethodComponent[] = [
  { txVariants: BOLETO_TYPES, load: () => import('../components/boleto/index.ts') },
  { txVariants: DOKU_TYPES, load: () => import('../components/doku/index.ts') },
  { txVariants: ['oxxo'], load: () => import('../components/oxxo/index.ts') },
  { txVariants: ['multibanco'], load: () => import('../components/multibanco/index.ts') },
  { txVariants: DRAGONPAY_TYPES, load: () => import('../components/dragonpay/index.ts') },
  { txVariants: ECONTEXT_TYPES, load: () => import('../components/econtext/index.ts') },
];
