import type { LazyPaymentMethodComponent } from '../components/dropin/dropin.tsx';

/** Issuer lists and redirect methods: the drop-in loads each folder when the shopper opens it. */
export const redirectMethods: LazyPaymentMethodComponent[] = [
  { txVariants: ['ideal'], load: () => import('../components/ideal/index.ts') },
  { txVariants: ['eps'], load: () => import('../components/eps/index.ts') },
  { txVariants: ['onlineBanking_PL'], load: () => import('../components/online-banking-pl/index.ts') },
  { txVariants: ['onlineBanking_CZ'], load: () => import('../components/online-banking-cz/index.ts') },
  { txVariants: ['onlineBanking_SK'], load: () => import('../components/online-banking-sk/index.ts') },
  { txVariants: ['trustly'], load: () => import('../components/trustly/index.tsx') },
  { txVariants: ['paybybank'], load: () => import('../components/pay-by-bank/index.ts') },
  { txVariants: ['paybybank_AIS_DD'], load: () => import('../components/pay-by-bank-us/index.tsx') },
];
