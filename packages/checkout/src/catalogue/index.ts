import type { LazyPaymentMethodComponent } from '../components/dropin/dropin.tsx';
import { amazonPayMethods } from './amazonpay.ts';
import { applePayMethods } from './applepay.ts';
import { awaitMethods } from './await.ts';
import { cashAppMethods } from './cashapp.ts';
import { clickToPayMethods } from './clicktopay.ts';
import { directDebitMethods } from './direct-debit.ts';
import { giftCardMethods } from './gift-card.ts';
import { googlePayMethods } from './googlepay.ts';
import { openInvoiceMethods } from './open-invoice.ts';
import { paypalMethods } from './paypal.ts';
import { qrMethods } from './qr.ts';
import { redirectMethods } from './redirect.ts';
import { transferMethods } from './transfer.ts';
import { voucherMethods } from './voucher.ts';

/**
 * Every payment method the package ships beyond cards, each loaded only when the shopper opens it:
 * `new Dropin(checkout, { paymentMethodComponents: [Card, ...paymentMethodCatalogue] })`. One file
 * per method family lists its folders' `type`s and loaders.
 */
export const paymentMethodCatalogue: LazyPaymentMethodComponent[] = [
  ...directDebitMethods,
  ...transferMethods,
  ...openInvoiceMethods,
  ...redirectMethods,
  ...awaitMethods,
  ...qrMethods,
  ...voucherMethods,
  ...giftCardMethods,
  ...googlePayMethods,
  ...paypalMethods,
  ...clickToPayMethods,
  ...cashAppMethods,
  ...amazonPayMethods,
  ...applePayMethods,
];
