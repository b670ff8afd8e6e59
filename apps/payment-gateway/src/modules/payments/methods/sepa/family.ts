import type { MerchantContext } from '../../../../shared/context.ts';
import { gatewayError } from '../../../../shared/errors.ts';
import { acquirerOutcome, modificationTriggers } from '../../acquirer.ts';
import type { PaymentRequest } from '../../models.ts';
import type {
  ListQuery,
  MethodDecision,
  PaymentMethodEntry,
  PaymentMethodFamily,
  StoredPaymentMethodEntry,
} from '../types.ts';
import { validIban } from './iban.ts';

/** Countries whose shoppers are offered SEPA Direct Debit. */
const SEPA_CURRENCY = 'EUR';

/**
 * SEPA Direct Debit (`sepadirectdebit`): a purely client-side form (owner name and IBAN), no shopper
 * action; the mandate is authorised at once, refusals chosen by owner name like card holder names.
 * The first alternative method, here so the official client-side library can be tested against a
 * non-card method; the other families follow in their own folders.
 */
export class SepaDirectDebitFamily implements PaymentMethodFamily {
  readonly name = 'sepadirectdebit';

  handles(type: string) {
    return type === 'sepadirectdebit';
  }

  listEntries(_context: MerchantContext, query: ListQuery): PaymentMethodEntry[] {
    if (query.amount && query.amount.currency !== SEPA_CURRENCY) return [];
    return [{ type: 'sepadirectdebit', name: 'SEPA Direct Debit' }];
  }

  async listStored(): Promise<StoredPaymentMethodEntry[]> {
    return [];
  }

  async decide(_context: MerchantContext, request: PaymentRequest): Promise<MethodDecision> {
    const method = request.paymentMethod as PaymentRequest['paymentMethod'] & {
      iban?: unknown;
      ownerName?: unknown;
    };
    if (request.amount.currency !== SEPA_CURRENCY) {
      throw gatewayError.unprocessable('905', 'SEPA Direct Debit takes EUR only.');
    }
    const iban = typeof method.iban === 'string' ? validIban(method.iban) : undefined;
    if (!iban) throw gatewayError.unprocessable('161', 'Invalid iban.');
    const ownerName = typeof method.ownerName === 'string' ? method.ownerName.trim() : '';
    if (!ownerName) throw gatewayError.unprocessable('000', 'ownerName is required for SEPA Direct Debit.');
    return {
      paymentMethodType: 'sepadirectdebit',
      lastFour: iban.slice(-4),
      acquirer: acquirerOutcome(ownerName, request.additionalData),
      triggers: modificationTriggers(ownerName),
      threeDs: 'none',
    };
  }
}
