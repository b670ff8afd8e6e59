import type { LazyPaymentMethodComponent } from '../components/dropin/dropin.tsx';

/** PayPal (payment-account wallet, its buttons from the PayPal SDK): loaded when the drop-in shows it. */
export const paypalMethods: LazyPaymentMethodComponent[] = [
  { txVariants: ['paypal'], load: () => import('../components/paypal/index.ts') },
];
