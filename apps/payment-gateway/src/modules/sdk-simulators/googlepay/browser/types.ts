/** The parts of the wallet's documented request/response objects the simulator reads and writes. */
export interface TransactionInfo {
  currencyCode: string;
  countryCode?: string;
  totalPrice?: string;
  totalPriceStatus?: 'NOT_CURRENTLY_KNOWN' | 'ESTIMATED' | 'FINAL';
  totalPriceLabel?: string;
}

export interface ShippingOption {
  id: string;
  label: string;
  description?: string;
}

export interface CardPaymentMethod {
  type: string;
  parameters?: {
    allowedAuthMethods?: string[];
    allowedCardNetworks?: string[];
    billingAddressRequired?: boolean;
    assuranceDetailsRequired?: boolean;
  };
  tokenizationSpecification?: { type: string; parameters?: Record<string, string | undefined> };
}

export interface PaymentDataRequest {
  apiVersion: number;
  apiVersionMinor: number;
  merchantInfo?: { merchantId?: string; merchantName?: string };
  allowedPaymentMethods: CardPaymentMethod[];
  transactionInfo: TransactionInfo;
  emailRequired?: boolean;
  shippingAddressRequired?: boolean;
  shippingOptionRequired?: boolean;
  shippingOptionParameters?: { defaultSelectedOptionId?: string; shippingOptions: ShippingOption[] };
  callbackIntents?: string[];
  existingPaymentMethodRequired?: boolean;
}

export interface Address {
  name?: string;
  address1?: string;
  address2?: string;
  address3?: string;
  locality?: string;
  administrativeArea?: string;
  countryCode?: string;
  postalCode?: string;
}

export interface PaymentDataError {
  reason?: string;
  intent?: string;
  message?: string;
}

export interface PaymentAuthorizationResult {
  transactionState: 'SUCCESS' | 'ERROR';
  error?: PaymentDataError;
}

export interface PaymentDataRequestUpdate {
  newTransactionInfo?: TransactionInfo;
  newShippingOptionParameters?: { defaultSelectedOptionId?: string; shippingOptions: ShippingOption[] };
  error?: PaymentDataError;
}

export interface PaymentDataCallbacks {
  onPaymentAuthorized?(
    paymentData: unknown,
  ): Promise<PaymentAuthorizationResult> | PaymentAuthorizationResult;
  onPaymentDataChanged?(data: unknown): Promise<PaymentDataRequestUpdate> | PaymentDataRequestUpdate;
}

/** A card of the sheet as the gateway describes it (no number). */
export interface SheetCard {
  id: string;
  network: string;
  authMethod: string;
  label: string;
  scenario: string;
  lastFour: string;
}

/** Rejections carry `statusCode` and `statusMessage`, like the real client's errors. */
export class PaymentsError extends Error {
  constructor(
    readonly statusCode: 'CANCELED' | 'DEVELOPER_ERROR' | 'BUYER_ACCOUNT_ERROR' | 'INTERNAL_ERROR',
    readonly statusMessage: string,
  ) {
    super(statusMessage);
    this.name = 'PaymentsError';
  }

  override toString() {
    return `${this.statusCode}: ${this.statusMessage}`;
  }
}
