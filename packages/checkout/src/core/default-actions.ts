import { lazyAction } from '../components/base/lazy-action.tsx';
import type { PaymentElement } from '../components/base/payment-element.tsx';
import { createRedirectElement } from '../components/redirect/redirect.tsx';
import { createThreeDS2Element } from '../components/threeds2/threeds2-elements.tsx';
import type { Checkout } from './checkout.ts';

/**
 * The actions every checkout handles. Voucher, bank-transfer, QR and await actions load their
 * component on demand, so a stored action shows on a page that never mounted its payment method
 * (a confirmation page); mounting the method replaces these handlers with its own.
 */
export function registerDefaultActions(checkout: Checkout): void {
  checkout.registerAction('redirect', createRedirectElement);
  checkout.registerAction('threeDS2', createThreeDS2Element);
  checkout.registerAction(
    'bankTransfer',
    lazyAction(async (owner, action, options) => {
      const { BankTransfer } = await import('../components/bank-transfer/index.ts');
      return new BankTransfer(owner, { ...options, action });
    }),
  );
  checkout.registerAction(
    'voucher',
    lazyAction(async (owner, action, options): Promise<PaymentElement> => {
      // The BACS mandate has a view of its own; every voucher method (Boleto, OXXO, Econtext …) shows the
      // general voucher, which words, draws and lists an action after its paymentMethodType.
      if (action.paymentMethodType === 'directdebit_GB') {
        const { Bacs } = await import('../components/bacs/index.ts');
        return new Bacs(owner, { ...options, action });
      }
      const { GeneralVoucher } = await import('../components/internal/voucher/voucher-action.tsx');
      return new GeneralVoucher(owner, { ...options, action });
    }),
  );
  checkout.registerAction(
    'qrCode',
    lazyAction(async (owner, action, options) => {
      const { QrCodeAction } = await import('../components/internal/qr-loader/qr-code-action.tsx');
      return new QrCodeAction(owner, { ...options, action });
    }),
  );
  checkout.registerAction(
    'await',
    lazyAction(async (owner, action, options) => {
      const { AwaitAction } = await import('../components/internal/await/await-action.tsx');
      return new AwaitAction(owner, { ...options, action });
    }),
  );
}
