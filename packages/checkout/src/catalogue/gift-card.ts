import type { LazyPaymentMethodComponent } from '../components/dropin/dropin.tsx';

/** Gift cards and meal vouchers (balance check, partial payments with an order), loaded when opened. */
export const giftCardMethods: LazyPaymentMethodComponent[] = [
  { txVariants: ['giftcard'], load: () => import('../components/giftcard/index.ts') },
  {
    txVariants: [
      'mealVoucher_FR',
      'mealVoucher_FR_natixis',
      'mealVoucher_FR_sodexo',
      'mealVoucher_FR_groupeup',
    ],
    load: () => import('../components/meal-voucher/index.ts'),
  },
];
