import type { LazyPaymentMethodComponent } from '../components/dropin/dropin.tsx';

/** Open invoice and buy now, pay later: the drop-in loads each folder when the shopper opens it. */
export const openInvoiceMethods: LazyPaymentMethodComponent[] = [
  {
    txVariants: ['riverty', 'afterpay_b2b', 'riverty_b2b'],
    load: () => import('../components/riverty/index.ts'),
  },
  { txVariants: ['afterpay_default', 'afterpay'], load: () => import('../components/afterpay/index.ts') },
  { txVariants: ['ratepay'], load: () => import('../components/ratepay/index.ts') },
  { txVariants: ['ratepay_directdebit'], load: () => import('../components/ratepay-direct-debit/index.ts') },
  { txVariants: ['affirm'], load: () => import('../components/affirm/index.ts') },
  {
    txVariants: ['facilypay_3x', 'facilypay_4x', 'facilypay_6x', 'facilypay_10x', 'facilypay_12x'],
    load: () => import('../components/facilypay/index.ts'),
  },
  { txVariants: ['atome'], load: () => import('../components/atome/index.ts') },
  {
    txVariants: ['klarna', 'klarna_account', 'klarna_paynow', 'klarna_b2b'],
    load: () => import('../components/klarna/index.ts'),
  },
];
