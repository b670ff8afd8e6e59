import type { LazyPaymentMethodComponent } from '../components/dropin/dropin.tsx';

/** Methods paid by scanning a QR code: the drop-in loads each folder when the shopper opens it. */
export const qrMethods: LazyPaymentMethodComponent[] = [
  { txVariants: ['pix'], load: () => import('../components/pix/index.ts') },
  { txVariants: ['swish'], load: () => import('../components/swish/index.ts') },
  { txVariants: ['wechatpayQR'], load: () => import('../components/wechatpay-qr/index.ts') },
  { txVariants: ['promptpay'], load: () => import('../components/promptpay/index.ts') },
  { txVariants: ['paynow'], load: () => import('../components/paynow/index.ts') },
  { txVariants: ['duitnow'], load: () => import('../components/duitnow/index.ts') },
  { txVariants: ['payme'], load: () => import('../components/payme/index.ts') },
];
