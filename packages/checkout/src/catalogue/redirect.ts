import type { LazyPaymentMethodComponent } from '../components/dropin/dropin.tsx';

/** Issuer lists and redirect methods: the drop-in loads each folder when the shopper opens it. */
export const redirectMethods: LazyPaymentMethodComponent[] = [];
