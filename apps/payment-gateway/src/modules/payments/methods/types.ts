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
 * What the shopper must still do before the payment has its result (the payment-flow actions of the
 * widget specification). The payment core turns a step into the response's `action`, keeps the
 * payment open, and the simulator pages under `/shopper/` (modules/shopper-steps) finish it with
 * the outcome the tester picks, sending the AUTHORISATION webhook then.
 */
export type ShopperStep =
  /**
   * The shopper leaves for the bank's or provider's page (a simulator page here) and comes back to
   * the returnUrl with `redirectResult`; `page` says which simulator page: a bank's login for
   * issuer/redirect methods, the provider's consent for open invoice.
   */
  | {
      kind: 'redirect';
      page: 'bank' | 'consent';
      method?: 'GET' | 'POST' | undefined;
      /** The issuer the shopper chose (issuer-list methods); shown on the simulator page. */
      issuer?: string | undefined;
      /** Who the shopper "visits", e.g. "ING" or "Riverty". */
      providerName: string;
    }
  /**
   * The payment is accepted and pending: the widget shows `action` (a bank-transfer or voucher
   * action without paymentData); it settles when the simulator marks it paid (or expires it).
   */
  | {
      kind: 'present';
      resultCode: 'PresentToShopper' | 'Received';
      action: { type: 'bankTransfer' | 'voucher'; [key: string]: unknown };
      /** When the offer lapses unpaid by the gateway's clock (ISO 8601); absent: it waits for the tester. */
      expiresAt?: string | undefined;
    }
  /**
   * The payment is Pending while the shopper approves it in their app: `qrCode` shows a code to scan
   * (its data is the simulator page's address, the sandbox's "phone"), `await` asks the shopper to
   * confirm in the app. The widget polls the status until the simulator approves, refuses or lets it
   * lapse at `expiresAt` (by the gateway's clock).
   */
  | { kind: 'qrCode' | 'await'; expiresAt: string }
  /**
   * The payment is Pending while the shopper approves it in the provider's own SDK: a payment-account
   * wallet's pop-up (the order the page's SDK opens, `action.sdkData.token`, names the payment; the SDK
   * records the approval on the step and `/payments/details` with that order and payer authorises it),
   * or a provider's in-page widget (Klarna's; `sdkData` starts it with a signed `client_token`, and its
   * authorization token completes it through `/payments/details`). Either lapses unpaid at `expiresAt`.
   */
  | {
      kind: 'sdk';
      expiresAt: string;
      /** What the page's SDK starts from (the in-page widget's data); absent: the wallet order token. */
      sdkData?: Record<string, unknown> | undefined;
      /** The payer who approved the order in the pop-up; `declined`: their funding source refuses. */
      approval?: { payerId: string; declined: boolean } | undefined;
      /** Express: the shipping option the shopper picked in the pop-up, added to the order amount. */
      shipping?: { optionId: string; value: number } | undefined;
    };

/**
 * What a method family decided about a payment request, before the payment exists: how to
 * authenticate it, what the acquirer will answer, and what to show about the instrument.
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
  /**
   * Keyed hash of a card number typed by the shopper (`cardHashOf`), for the card-testing velocity
   * rule; absent for stored cards and other methods, which the rule does not apply to.
   */
  cardHash?: string | undefined;
  /** A shopper step before the result (redirect, transfer, voucher); absent: the result is final now. */
  shopperStep?: ShopperStep | undefined;
  /**
   * Method facts kept with the payment (a direct-debit mandate, the chosen issuer, the transfer's
   * reference), shown on the simulator pages; never card data.
   */
  methodDetails?: Record<string, unknown> | undefined;
  /**
   * Minor units the method can cover when that is less than requested (a gift card's balance or
   * transaction limit). Only inside a partial-payment order does the core charge this part and leave
   * the rest open; outside one the family refuses instead (Not enough balance).
   */
  authorisedValue?: number | undefined;
}

export interface ListQuery {
  amount?: Amount | undefined;
  countryCode?: string | undefined;
  shopperReference?: string | undefined;
}

/**
 * Which modifications a method allows (the reference's per-method support). Absent: like cards —
 * captured by the merchant (in parts too), refundable in parts, cancellable before capture.
 */
export interface MethodModifications {
  /** `immediate`: the method settles at authorisation (bank redirects, transfers); no separate capture. */
  capture: 'manual' | 'immediate';
  partialCapture: boolean;
  refund: boolean;
  partialRefund: boolean;
  cancel: boolean;
}

export const CARD_LIKE_MODIFICATIONS: MethodModifications = {
  capture: 'manual',
  partialCapture: true,
  refund: true,
  partialRefund: true,
  cancel: true,
};

/** A method settled at authorisation: no separate capture and nothing left to cancel; refunds in parts. */
export const SETTLES_AT_ONCE: MethodModifications = {
  capture: 'immediate',
  partialCapture: false,
  refund: true,
  partialRefund: true,
  cancel: false,
};

/** One payment-method family (card, and later wallets, vouchers, bank methods …): one folder each. */
export interface PaymentMethodFamily {
  readonly name: string;
  /** The `paymentMethod.type` values this family handles. */
  handles(type: string): boolean;
  listEntries(context: MerchantContext, query: ListQuery): PaymentMethodEntry[];
  /** The shopper's stored instruments of this family; absent: the family stores none. */
  listStored?(context: MerchantContext, shopperReference: string): Promise<StoredPaymentMethodEntry[]>;
  /** Validates and decides the request; invalid input throws a 422 in the gateway's format. */
  decide(context: MerchantContext, request: PaymentRequest): Promise<MethodDecision>;
  /** The modifications a type of this family allows; card-like when absent. */
  modifications?(type: string): MethodModifications;
}
