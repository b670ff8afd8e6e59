/**
 * The part of Apple Pay JS (`window.ApplePaySession`) the component uses, typed here because the
 * SDK ships no types: Apple's documented names and shapes.
 */
export interface ApplePayLineItem {
  label: string;
  amount: string;
  type?: 'final' | 'pending';
}

/** A shipping method in the Apple Pay sheet. */
export interface ApplePayShippingMethod {
  label: string;
  detail?: string;
  amount: string;
  identifier: string;
}

/** A billing or shipping contact from the Apple Pay sheet. */
export interface ApplePayPaymentContact {
  givenName?: string;
  familyName?: string;
  emailAddress?: string;
  phoneNumber?: string;
  addressLines?: string[];
  locality?: string;
  administrativeArea?: string;
  postalCode?: string;
  countryCode?: string;
  country?: string;
}

/** A contact field the Apple Pay sheet may require. */
export type ApplePayContactField = 'email' | 'name' | 'phone' | 'postalAddress' | 'phoneticName';

export interface ApplePayPaymentRequest {
  countryCode: string;
  currencyCode: string;
  total: ApplePayLineItem;
  lineItems?: ApplePayLineItem[];
  merchantCapabilities: string[];
  supportedNetworks: string[];
  supportedCountries?: string[];
  shippingMethods?: ApplePayShippingMethod[];
  shippingType?: string;
  shippingContactEditingMode?: string;
  requiredBillingContactFields?: ApplePayContactField[];
  requiredShippingContactFields?: ApplePayContactField[];
  billingContact?: ApplePayPaymentContact;
  shippingContact?: ApplePayPaymentContact;
  applicationData?: string;
}

/** The payment token from the sheet (its `paymentData` goes to the gateway). */
export interface ApplePayPaymentToken {
  paymentData: unknown;
  paymentMethod: { displayName: string; network: string; type: string };
  transactionIdentifier: string;
}

/** The authorised payment from the sheet: token and contacts. */
export interface ApplePayPayment {
  token: ApplePayPaymentToken;
  billingContact?: ApplePayPaymentContact;
  shippingContact?: ApplePayPaymentContact;
}

/** The sheet's `onpaymentauthorized` event. */
export interface ApplePayAuthorizedEvent {
  payment: ApplePayPayment;
}

/** The answer to a selection event: the new total, line items (and shipping methods). */
export interface ApplePayUpdate {
  newTotal?: ApplePayLineItem;
  newLineItems?: ApplePayLineItem[];
  newShippingMethods?: ApplePayShippingMethod[];
  errors?: unknown[];
}

export interface ApplePayPaymentResult {
  status: number;
  errors?: unknown[];
}

type EventHandler<E> = ((event: E) => void) | null;

export interface ApplePaySessionInstance {
  begin(): void;
  abort(): void;
  completeMerchantValidation(merchantSession: unknown): void;
  completePaymentMethodSelection(update: ApplePayUpdate): void;
  completeShippingContactSelection(update: ApplePayUpdate): void;
  completeShippingMethodSelection(update: ApplePayUpdate): void;
  completePayment(result: ApplePayPaymentResult): void;
  onvalidatemerchant: EventHandler<{ validationURL: string }>;
  onpaymentmethodselected: EventHandler<{ paymentMethod: ApplePayPaymentToken['paymentMethod'] }>;
  onshippingcontactselected: EventHandler<{ shippingContact: ApplePayPaymentContact }>;
  onshippingmethodselected: EventHandler<{ shippingMethod: ApplePayShippingMethod }>;
  onpaymentauthorized: EventHandler<ApplePayAuthorizedEvent>;
  oncancel: EventHandler<unknown>;
}

export interface ApplePaySessionClass {
  new (version: number, request: ApplePayPaymentRequest): ApplePaySessionInstance;
  readonly STATUS_SUCCESS: number;
  readonly STATUS_FAILURE: number;
  supportsVersion(version: number): boolean;
  canMakePayments(): boolean;
  canMakePaymentsWithActiveCard(merchantIdentifier: string): Promise<boolean>;
}

/** The SDK's global, once its script has run. */
export const applePaySession = (): ApplePaySessionClass | undefined =>
  (globalThis as { ApplePaySession?: ApplePaySessionClass }).ApplePaySession;
