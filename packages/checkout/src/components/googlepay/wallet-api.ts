/** The parts of the wallet script's browser API (`google.payments.api`) this component uses. */
export interface WalletPaymentData {
  email?: string;
  shippingAddress?: import('./address.ts').WalletAddress;
  shippingOptionData?: { id: string };
  paymentMethodData: {
    type: string;
    description?: string;
    info?: {
      cardNetwork?: string;
      cardDetails?: string;
      billingAddress?: import('./address.ts').WalletAddress;
    };
    tokenizationData: { type: string; token: string };
  };
}

/** What the sheet shows when the payment data is refused. */
export interface WalletPaymentDataError {
  intent?: string;
  reason?: string;
  message?: string;
}

export interface WalletAuthorizationResult {
  transactionState: 'SUCCESS' | 'ERROR';
  error?: WalletPaymentDataError;
}

export interface WalletPaymentsClient {
  isReadyToPay(request: unknown): Promise<{ result: boolean; paymentMethodPresent?: boolean }>;
  prefetchPaymentData(request: unknown): void;
  loadPaymentData(request: unknown): Promise<WalletPaymentData>;
  createButton(options: Record<string, unknown>): HTMLElement;
}

export interface WalletPaymentDataCallbacks {
  onPaymentAuthorized(data: WalletPaymentData): Promise<WalletAuthorizationResult>;
  onPaymentDataChanged?(data: unknown): unknown;
}

type PaymentsClientClass = new (options: {
  environment: 'TEST' | 'PRODUCTION';
  paymentDataCallbacks: WalletPaymentDataCallbacks;
}) => WalletPaymentsClient;

/** The wallet script's constructor, once its script has run. */
export function paymentsClientClass(): PaymentsClientClass | undefined {
  const google = (
    window as unknown as { google?: { payments?: { api?: { PaymentsClient?: PaymentsClientClass } } } }
  ).google;
  return google?.payments?.api?.PaymentsClient;
}
