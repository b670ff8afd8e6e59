import type { Amount } from './amount.ts';

/** The `resultCode` of a payment or details answer, as the gateway (and Adyen's API) gives it. */
export type ResultCode =
  | 'Authorised'
  | 'Refused'
  | 'Error'
  | 'Cancelled'
  | 'Pending'
  | 'Received'
  | 'RedirectShopper'
  | 'IdentifyShopper'
  | 'ChallengeShopper'
  | 'PresentToShopper'
  | 'PartiallyAuthorised'
  | 'AuthenticationFinished'
  | 'AuthenticationNotRequired'
  | 'Success';

/** The `action` of a payments answer: what the shopper must do next (`redirect`, `threeDS2`, `qrCode`, `voucher`, `await` …). */
export interface PaymentAction {
  type: string;
  subtype?: string;
  paymentMethodType?: string;
  url?: string;
  method?: 'GET' | 'POST';
  data?: Record<string, string>;
  token?: string;
  paymentData?: string;
  authorisationToken?: string;
  [key: string]: unknown;
}

/** A partial-payment order: the payments made with it are settled or rolled back together. */
export interface Order {
  orderData: string;
  pspReference: string;
  remainingAmount?: Amount;
  amount?: Amount;
  expiresAt?: string;
}

/** A gift card's balance check (sessions paymentMethodBalance, or the merchant's onBalanceCheck). */
export interface BalanceCheckResponse {
  balance?: Amount;
  transactionLimit?: Amount;
  resultCode?: string;
  refusalReason?: string;
  sessionData?: string;
}

/** What the payments and details calls (sessions or merchant) answer, as far as the widget reads it. */
/** The merchant server's answer from `POST /payments` or `/payments/details`, as the widget needs it. */
export interface PaymentResponse {
  resultCode?: ResultCode;
  action?: PaymentAction;
  order?: Order;
  sessionData?: string;
  sessionResult?: string;
  donationToken?: string;
  pspReference?: string;
  refusalReason?: string;
  refusalReasonCode?: string;
  error?: unknown;
}

/** One method of the `/paymentMethods` answer. */
export interface PaymentMethod {
  type: string;
  name: string;
  brands?: string[];
  brand?: string;
  issuers?: { id: string; name: string; disabled?: boolean }[];
  /** UPI: the apps an intent payment can open. */
  apps?: { id: string; name: string }[];
  configuration?: Record<string, unknown>;
  fundingSource?: 'credit' | 'debit';
}

/** A stored card or other method of the shopper (`storedPaymentMethods` of the `/paymentMethods` answer). */
export interface StoredPaymentMethod {
  id: string;
  type: string;
  name?: string;
  brand?: string;
  lastFour?: string;
  expiryMonth?: string;
  expiryYear?: string;
  holderName?: string;
  supportedShopperInteractions?: string[];
}

/** The `/paymentMethods` answer the advanced flow passes to `createCheckout`. */
export interface PaymentMethodsResponse {
  paymentMethods?: PaymentMethod[];
  storedPaymentMethods?: StoredPaymentMethod[];
}

/** Instalment choices per brand (`card` for any): `{ visa: { values: [1, 3, 6], plans: ['revolving'] } }`. */
export interface InstallmentOptions {
  [brandOrCard: string]: { values: number[]; preselectedValue?: number; plans?: ('regular' | 'revolving')[] };
}

/** Payment state data handed to onSubmit/onChange: what the payments call gets. */
export interface PaymentData {
  paymentMethod: { type: string; checkoutAttemptId?: string; [key: string]: unknown };
  browserInfo?: unknown;
  origin?: string;
  riskData?: { clientData: string };
  order?: { orderData: string; pspReference: string };
  storePaymentMethod?: boolean;
  billingAddress?: Record<string, string>;
  installments?: { value: number; plan?: 'revolving' };
  clientStateDataIndicator: true;
  [key: string]: unknown;
}

/** A component's state as callbacks get it: the data to send and whether it is complete. */
export interface ElementState<D = PaymentData> {
  data: D;
  isValid: boolean;
  errors?: Record<string, unknown>;
}

/** What goes to `POST /payments/details`: the action's result (`redirectResult`, `threeDSResult`, `payload` …). */
export interface AdditionalDetailsData {
  details: Record<string, string>;
  paymentData?: string;
}

/** A component's own part of the payment data, before the core adds risk data, order and the indicator. */
export interface ComponentData {
  paymentMethod: PaymentData['paymentMethod'];
  [key: string]: unknown;
}
