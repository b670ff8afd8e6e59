import type { MerchantContext } from '../../../../shared/context.ts';
import { gatewayError } from '../../../../shared/errors.ts';
import type { VaultService } from '../../../vault/service.ts';
import { acquirerOutcome, modificationTriggers } from '../../acquirer.ts';
import type { PaymentRequest } from '../../models.ts';
import { storedInstrumentOrRefuse } from '../stored.ts';
import type {
  ListQuery,
  MethodDecision,
  PaymentMethodEntry,
  PaymentMethodFamily,
  StoredPaymentMethodEntry,
} from '../types.ts';
import { type CashAppGrant, cashAppClientId, openGrant } from './grants.ts';

const CASHAPP = 'cashapp';
/** Cash App Pay is a US wallet: dollars only. */
const CURRENCY = 'USD';
/** The scope the merchant's grants are asked for (Cash App's merchant or brand id); one per sandbox. */
const SCOPE_ID = 'BRAND_actuate_sandbox';

/**
 * Cash App Pay: the shopper approves a customer request in Cash App (the gateway's SDK simulator),
 * which hands the page grants signed by the gateway. A one-time `grantId` pays this amount; an
 * `onFileGrantId` with storePaymentMethod keeps the account as a stored method for later payments.
 */
export class CashAppFamily implements PaymentMethodFamily {
  readonly name = 'cashapp';

  constructor(
    private readonly tokenKey: Buffer,
    private readonly vault: VaultService,
  ) {}

  handles(type: string) {
    return type === CASHAPP;
  }

  listEntries(context: MerchantContext, query: ListQuery): PaymentMethodEntry[] {
    if (query.amount && query.amount.currency !== CURRENCY) return [];
    return [
      {
        type: CASHAPP,
        name: 'Cash App Pay',
        configuration: {
          clientId: cashAppClientId(this.tokenKey, context.merchant.account),
          scopeId: SCOPE_ID,
        },
      },
    ];
  }

  async listStored(context: MerchantContext, shopperReference: string): Promise<StoredPaymentMethodEntry[]> {
    const accounts = await this.vault.listCashApps(context.merchant.account, shopperReference);
    return accounts.map((account) => ({
      id: account.id,
      type: CASHAPP,
      name: 'Cash App Pay',
      cashtag: account.cashtag,
      supportedShopperInteractions: ['Ecommerce', 'ContAuth'],
      supportedRecurringProcessingModels: ['CardOnFile', 'Subscription', 'UnscheduledCardOnFile'],
    }));
  }

  async decide(context: MerchantContext, request: PaymentRequest): Promise<MethodDecision> {
    if (request.amount.currency !== CURRENCY)
      throw gatewayError.unprocessable('905', `Cash App Pay takes ${CURRENCY} only.`);
    const method = request.paymentMethod;
    const storedId = method.storedPaymentMethodId ?? method.recurringDetailReference;
    if (storedId) return this.decideStored(context, request, storedId);

    const payment = this.grant(context, stringField(method.grantId), 'payment');
    const onFile = this.grant(context, stringField(method.onFileGrantId), 'onFile');
    if (!payment && !onFile)
      throw gatewayError.unprocessable('14_0413', 'Cash App Pay needs a grantId or an onFileGrantId.');
    if (payment && onFile && payment.customer.id !== onFile.customer.id)
      throw gatewayError.unprocessable('14_0413', 'The grants belong to different Cash App customers.');
    if (payment?.amount) {
      const { currency, value } = payment.amount;
      if (currency !== request.amount.currency || value !== request.amount.value)
        throw gatewayError.unprocessable('14_0413', 'The payment grant was approved for another amount.');
    }
    const customer = (payment ?? onFile)!.customer;
    const wantsStore = request.storePaymentMethod === true && request.shopperReference !== undefined;
    if (wantsStore && !onFile)
      throw gatewayError.unprocessable('14_0413', 'Storing Cash App Pay needs an onFileGrantId.');
    return {
      paymentMethodType: CASHAPP,
      acquirer: acquirerOutcome(customer.trigger, request.additionalData),
      triggers: modificationTriggers(customer.trigger),
      threeDs: 'none',
      methodDetails: { cashtag: customer.cashtag, customerId: customer.id },
      storeDraft: wantsStore
        ? this.vault.sealCashApp({
            kind: 'cashapp',
            customerId: customer.id,
            cashtag: customer.cashtag,
            trigger: customer.trigger,
          })
        : undefined,
    };
  }

  /** A grant the gateway issued to this merchant, of the expected kind and still valid; else 422. */
  private grant(
    context: MerchantContext,
    grantId: string | undefined,
    action: CashAppGrant['action'],
  ): CashAppGrant | undefined {
    if (grantId === undefined) return undefined;
    const grant = openGrant(this.tokenKey, grantId);
    const field = action === 'payment' ? 'grantId' : 'onFileGrantId';
    if (!grant || grant.merchantAccount !== context.merchant.account || grant.action !== action)
      throw gatewayError.unprocessable('14_0413', `Invalid ${field}: not a grant issued to this merchant.`);
    if (grant.expiresAt <= context.now.getTime())
      throw gatewayError.unprocessable('14_0413', `Invalid ${field}: the grant has expired.`);
    return grant;
  }

  private async decideStored(
    context: MerchantContext,
    request: PaymentRequest,
    storedId: string,
  ): Promise<MethodDecision> {
    const stored = await storedInstrumentOrRefuse(request, (shopperReference) =>
      this.vault.findCashApp(context.merchant.account, shopperReference, storedId),
    );
    return {
      paymentMethodType: CASHAPP,
      acquirer: acquirerOutcome(stored.trigger, request.additionalData),
      triggers: modificationTriggers(stored.trigger),
      threeDs: 'none',
      storedPaymentMethodId: stored.id,
      methodDetails: { cashtag: stored.cashtag, customerId: stored.customerId },
    };
  }
}

const stringField = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
