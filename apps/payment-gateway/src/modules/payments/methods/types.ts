import type { MerchantContext } from '../../../shared/context.ts';
import type { ThreeDsFlow } from '../../threeds2/schema.ts';
import type { AcquirerOutcome, ModificationTriggers } from '../acquirer.ts';
import type { Amount, PaymentRequest } from '../models.ts';

/** An entry of a `/paymentMethods` response, as Adyen's Checkout API defines it. */
export interface PaymentMethodEntry {
  type: string;
  name: string;
  brands?: string[];
  brand?: string;
  [key: string]: unknown;
}

export interface StoredPaymentMethodEntry extends PaymentMethodEntry {
  id: string;
  supportedShopperInteractions: string[];
  supportedRecurringProcessingModels: string[];
}

/**
 * What a method family decided about a payment request, before the payment exists: how to
 * authenticate it, what the acquirer will answer, and what to show about the instrument.
 * Families with shopper actions of their own (redirect, voucher, QR) extend this later.
 */
export interface MethodDecision {
  paymentMethodType: string;
  brand?: string | undefined;
  lastFour?: string | undefined;
  acquirer: AcquirerOutcome;
  triggers: ModificationTriggers;
  threeDs: ThreeDsFlow | 'none';
  /** Sealed card facts to store once authorised (storePaymentMethod with a shopperReference). */
  storeDraft?: string | undefined;
  storedPaymentMethodId?: string | undefined;
}

export interface ListQuery {
  amount?: Amount | undefined;
  countryCode?: string | undefined;
  shopperReference?: string | undefined;
}

/** One payment-method family (card, and later wallets, vouchers, bank methods …): one folder each. */
export interface PaymentMethodFamily {
  readonly name: string;
  /** The `paymentMethod.type` values this family handles. */
  handles(type: string): boolean;
  listEntries(context: MerchantContext, query: ListQuery): PaymentMethodEntry[];
  listStored(context: MerchantContext, shopperReference: string): Promise<StoredPaymentMethodEntry[]>;
  /** Validates and decides the request; invalid input throws a 422 in the gateway's format. */
  decide(context: MerchantContext, request: PaymentRequest): Promise<MethodDecision>;
}
