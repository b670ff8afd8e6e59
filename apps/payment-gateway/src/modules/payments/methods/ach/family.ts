import type { MerchantContext } from '../../../../shared/context.ts';
import { gatewayError } from '../../../../shared/errors.ts';
import { type GatewayKeys, jweOpener } from '../../../crypto/service.ts';
import type { VaultService } from '../../../vault/service.ts';
import { acquirerOutcome, modificationTriggers } from '../../acquirer.ts';
import type { PaymentRequest } from '../../models.ts';
import { decryptField } from '../card/encrypted-fields.ts';
import { storedInstrumentOrRefuse } from '../stored.ts';
import type {
  ListQuery,
  MethodDecision,
  PaymentMethodEntry,
  PaymentMethodFamily,
  StoredPaymentMethodEntry,
} from '../types.ts';
import {
  ACH_COUNTRIES,
  BANK_ACCOUNT_TYPES,
  type BankAccountType,
  isValidAccountNumber,
  isValidRoutingNumber,
} from './bank-account.ts';

const ACH_CURRENCY = 'USD';
const ACH_NAME = 'ACH Direct Debit';

type AchMethod = PaymentRequest['paymentMethod'] & {
  encryptedBankAccountNumber?: unknown;
  encryptedBankLocationId?: unknown;
  ownerName?: unknown;
  bankAccountType?: unknown;
};

/**
 * ACH direct debit (`ach`): the account and routing numbers come encrypted from the secured-field
 * frames (or as `test_` values), the owner name chooses the outcome like a card holder name, and an
 * account can be stored for the shopper.
 */
export class AchFamily implements PaymentMethodFamily {
  readonly name = 'ach';

  constructor(
    private readonly keys: GatewayKeys,
    private readonly vault: VaultService,
  ) {}

  handles(type: string) {
    return type === 'ach';
  }

  listEntries(_context: MerchantContext, query: ListQuery): PaymentMethodEntry[] {
    if (query.amount && query.amount.currency !== ACH_CURRENCY) return [];
    if (query.countryCode && !isAchCountry(query.countryCode)) return [];
    return [{ type: 'ach', name: ACH_NAME }];
  }

  async listStored(context: MerchantContext, shopperReference: string): Promise<StoredPaymentMethodEntry[]> {
    const accounts = await this.vault.listBankAccounts(context.merchant.account, shopperReference);
    return accounts
      .filter((account) => account.paymentMethodType === 'ach')
      .map((account) => ({
        id: account.id,
        type: 'ach',
        name: ACH_NAME,
        bankAccountNumber: `*****${account.lastFour}`,
        bankLocationId: account.bankLocationId,
        bankAccountType: account.bankAccountType,
        ownerName: account.ownerName,
        supportedShopperInteractions: ['Ecommerce', 'ContAuth'],
        supportedRecurringProcessingModels: ['CardOnFile', 'Subscription', 'UnscheduledCardOnFile'],
      }));
  }

  async decide(context: MerchantContext, request: PaymentRequest): Promise<MethodDecision> {
    const method = request.paymentMethod as AchMethod;
    if (request.amount.currency !== ACH_CURRENCY) {
      throw gatewayError.unprocessable('905', 'ACH Direct Debit takes USD only.');
    }
    assertBillingCountry(request.billingAddress);
    const storedId = method.storedPaymentMethodId ?? method.recurringDetailReference;
    if (storedId) return this.decideStored(context, request, storedId);

    // The widget asks for the name only when the merchant wants it (holderNameRequired).
    const ownerName = typeof method.ownerName === 'string' ? method.ownerName.trim() : '';
    if (method.ownerName !== undefined && typeof method.ownerName !== 'string')
      throw gatewayError.unprocessable('000', 'ownerName must be a string.');
    if (ownerName.length > 256) throw gatewayError.unprocessable('000', 'ownerName is too long.');
    const bankAccountType = readAccountType(method.bankAccountType);
    if (typeof method.encryptedBankAccountNumber !== 'string' || !method.encryptedBankAccountNumber)
      throw gatewayError.unprocessable('000', 'encryptedBankAccountNumber is missing.');
    if (typeof method.encryptedBankLocationId !== 'string' || !method.encryptedBankLocationId)
      throw gatewayError.unprocessable('000', 'encryptedBankLocationId is missing.');
    const open = jweOpener(this.keys);
    const [accountNumber, routingNumber] = await Promise.all([
      decryptField(open, 'encryptedBankAccountNumber', method.encryptedBankAccountNumber, context.now),
      decryptField(open, 'encryptedBankLocationId', method.encryptedBankLocationId, context.now),
    ]);
    if (!isValidAccountNumber(accountNumber))
      throw gatewayError.unprocessable('000', 'Invalid bank account number: 4 to 17 digits.');
    if (!isValidRoutingNumber(routingNumber))
      throw gatewayError.unprocessable('000', 'Invalid bank location id: not a valid ABA routing number.');
    const lastFour = accountNumber.slice(-4);
    const wantsStore = request.storePaymentMethod === true && request.shopperReference !== undefined;
    return {
      paymentMethodType: 'ach',
      lastFour,
      acquirer: acquirerOutcome(ownerName, request.additionalData),
      triggers: modificationTriggers(ownerName),
      threeDs: 'none',
      methodDetails: { bankAccountType, bankLocationId: routingNumber, ownerName },
      storeDraft: wantsStore
        ? this.vault.sealBankAccount({
            kind: 'bankAccount',
            paymentMethodType: 'ach',
            bankAccountType,
            lastFour,
            bankLocationId: routingNumber,
            ownerName,
          })
        : undefined,
    };
  }

  private async decideStored(
    context: MerchantContext,
    request: PaymentRequest,
    storedId: string,
  ): Promise<MethodDecision> {
    const account = await storedInstrumentOrRefuse(
      request,
      (shopperReference) => this.vault.findBankAccount(context.merchant.account, shopperReference, storedId),
      (found) => found.paymentMethodType === 'ach',
    );
    const method = request.paymentMethod as AchMethod;
    const ownerName =
      typeof method.ownerName === 'string' && method.ownerName.trim()
        ? method.ownerName.trim()
        : account.ownerName;
    return {
      paymentMethodType: 'ach',
      lastFour: account.lastFour,
      acquirer: acquirerOutcome(ownerName, request.additionalData),
      triggers: modificationTriggers(ownerName),
      threeDs: 'none',
      storedPaymentMethodId: account.id,
      methodDetails: {
        bankAccountType: account.bankAccountType,
        bankLocationId: account.bankLocationId,
        ownerName,
      },
    };
  }
}

const isAchCountry = (country: string) =>
  (ACH_COUNTRIES as readonly string[]).includes(country.toUpperCase());

function readAccountType(value: unknown): BankAccountType {
  if (value === undefined) return 'checking';
  if (typeof value === 'string' && (BANK_ACCOUNT_TYPES as readonly string[]).includes(value))
    return value as BankAccountType;
  throw gatewayError.unprocessable('000', 'bankAccountType must be checking or savings.');
}

/** ACH debits US (and Puerto Rican) accounts: a billing address elsewhere is refused. */
function assertBillingCountry(billingAddress: unknown) {
  if (!billingAddress || typeof billingAddress !== 'object') return;
  const country = (billingAddress as { country?: unknown }).country;
  if (country === undefined) return;
  if (typeof country !== 'string' || !isAchCountry(country))
    throw gatewayError.unprocessable('000', 'ACH Direct Debit needs a billing address in US or PR.');
}
