import type { MerchantContext } from '../../../../shared/context.ts';
import { gatewayError } from '../../../../shared/errors.ts';
import type { VaultService } from '../../../vault/service.ts';
import { acquirerOutcome, modificationTriggers } from '../../acquirer.ts';
import type { PaymentRequest } from '../../models.ts';
import { storedInstrumentOrRefuse } from '../stored.ts';
import {
  CARD_LIKE_MODIFICATIONS,
  type ListQuery,
  type MethodDecision,
  type PaymentMethodEntry,
  type PaymentMethodFamily,
  type StoredPaymentMethodEntry,
} from '../types.ts';

export const PAYPAL_TYPE = 'paypal';

/** The sandbox's PayPal merchant id, as `configuration.merchantId` (the SDK's `merchant-id`). */
export const SANDBOX_PAYPAL_MERCHANT_ID = 'ACTUATESANDBOX1';

/** How long the shopper has to approve the order in the pop-up before it lapses unpaid. */
const APPROVAL_LIFETIME_SECONDS = 3 * 60 * 60;

const SUBTYPES = new Set(['sdk', 'express']);
const USER_ACTIONS = new Set(['pay', 'continue']);

/**
 * PayPal, a payment-account wallet: `/payments` answers Pending with an `sdk` action whose token is
 * the order the page's PayPal SDK opens; once the shopper approves it in the pop-up (the gateway's SDK
 * simulator), `/payments/details` with `{orderID, payerID}` authorises it. A zero amount stores a
 * billing agreement for the shopper (the widget's intent `tokenize`); a stored one pays at once.
 */
export class PayPalFamily implements PaymentMethodFamily {
  readonly name = 'paypal';

  constructor(private readonly vault: VaultService) {}

  handles(type: string) {
    return type === PAYPAL_TYPE;
  }

  listEntries(_context: MerchantContext, query: ListQuery): PaymentMethodEntry[] {
    // Without an amount the widget decides; a zero amount can only store an agreement.
    const intent = query.amount?.value === 0 ? 'tokenize' : 'authorize';
    return [
      {
        type: PAYPAL_TYPE,
        name: 'PayPal',
        configuration: { merchantId: SANDBOX_PAYPAL_MERCHANT_ID, intent },
      },
    ];
  }

  async listStored(context: MerchantContext, shopperReference: string): Promise<StoredPaymentMethodEntry[]> {
    const agreements = await this.vault.listWalletAgreements(
      context.merchant.account,
      shopperReference,
      PAYPAL_TYPE,
    );
    return agreements.map((agreement) => ({
      id: agreement.id,
      type: PAYPAL_TYPE,
      name: 'PayPal',
      ...(agreement.payerEmail ? { shopperEmail: agreement.payerEmail, label: agreement.payerEmail } : {}),
      supportedShopperInteractions: ['Ecommerce', 'ContAuth'],
      supportedRecurringProcessingModels: ['CardOnFile', 'Subscription', 'UnscheduledCardOnFile'],
    }));
  }

  modifications() {
    return CARD_LIKE_MODIFICATIONS;
  }

  async decide(context: MerchantContext, request: PaymentRequest): Promise<MethodDecision> {
    const method = request.paymentMethod as Record<string, unknown>;
    const decision = {
      paymentMethodType: PAYPAL_TYPE,
      acquirer: acquirerOutcome(undefined, request.additionalData),
      triggers: modificationTriggers(undefined),
      threeDs: 'none' as const,
    };
    const storedId =
      request.paymentMethod.storedPaymentMethodId ?? request.paymentMethod.recurringDetailReference;
    if (storedId)
      return { ...decision, storedPaymentMethodId: await this.storedAgreement(context, request, storedId) };
    checkChoice('subtype', method.subtype, SUBTYPES, 'sdk');
    checkChoice('userAction', method.userAction, USER_ACTIONS, 'pay');
    const stores = request.storePaymentMethod === true && !!request.shopperReference;
    return {
      ...decision,
      methodDetails: { subtype: method.subtype ?? 'sdk', userAction: method.userAction ?? 'pay' },
      ...(stores ? { storeDraft: this.vault.sealWalletAgreement({ wallet: PAYPAL_TYPE }) } : {}),
      shopperStep: {
        kind: 'sdk',
        expiresAt: new Date(context.now.getTime() + APPROVAL_LIFETIME_SECONDS * 1000).toISOString(),
      },
    };
  }

  /** The stored agreement's id, if the shopper has it; an unknown one is refused (422 `800`). */
  private async storedAgreement(context: MerchantContext, request: PaymentRequest, id: string) {
    const agreement = await storedInstrumentOrRefuse(
      request,
      (shopperReference) => this.vault.findWalletAgreement(context.merchant.account, shopperReference, id),
      (found) => found.wallet === PAYPAL_TYPE,
    );
    return agreement.id;
  }
}

function checkChoice(field: string, value: unknown, allowed: ReadonlySet<string>, fallback: string) {
  if (value === undefined || (typeof value === 'string' && allowed.has(value))) return;
  throw gatewayError.unprocessable(
    '14_0',
    `paymentMethod.${field} must be one of ${[...allowed].join(', ')} (default ${fallback}).`,
  );
}
