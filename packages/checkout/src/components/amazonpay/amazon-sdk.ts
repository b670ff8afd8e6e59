import type { ButtonColor, CheckoutLanguage, LedgerCurrency, Placement, ProductType } from './config.ts';

/** The button settings of Amazon Pay's `renderButton` / `initCheckout`. */
export interface AmazonButtonSettings {
  merchantId: string | undefined;
  ledgerCurrency: LedgerCurrency | string | undefined;
  checkoutLanguage: CheckoutLanguage;
  productType: ProductType;
  placement: Placement;
  sandbox: boolean;
  buttonColor?: ButtonColor;
  design?: string;
}

export interface CreateCheckoutSessionConfig {
  payloadJSON: string;
  signature: string;
  publicKeyId: string | undefined;
}

/** The part of `window.amazon.Pay` (Amazon Pay's checkout.js) the widget uses. */
export interface AmazonPaySdk {
  renderButton(selector: string, settings: AmazonButtonSettings): { onClick(handler: () => void): void };
  initCheckout(
    options: AmazonButtonSettings & { createCheckoutSessionConfig: CreateCheckoutSessionConfig },
  ): void;
  bindChangeAction(
    selector: string,
    options: { amazonCheckoutSessionId: string; changeAction: 'changeAddress' | 'changePayment' },
  ): void;
  signout(): void;
}

export const amazonSdk = (): AmazonPaySdk | undefined =>
  (globalThis as { amazon?: { Pay?: AmazonPaySdk } }).amazon?.Pay;
