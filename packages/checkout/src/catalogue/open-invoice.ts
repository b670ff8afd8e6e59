import type { LazyPaymentMethodComponent } from '../components/dropin/dropin.tsx';

/** Open invoice and buy now, pay later: the drop-in loads each folder when the shopper opens it. */
export const openInvoiceMethods: LazyPaymentMethodComponent[] = [];
