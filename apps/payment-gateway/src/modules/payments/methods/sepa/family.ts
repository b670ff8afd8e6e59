import type { MerchantContext } from '../../../../shared/context.ts';
import { gatewayError } from '../../../../shared/errors.ts';
import { acquirerOutcome, modificationTriggers } from '../../acquirer.ts';
import type { PaymentRequest } from '../../models.ts';
import { newPspReference } from '../../references.ts';
import type { ListQuery, MethodDecision, PaymentMethodEntry, PaymentMethodFamily } from '../types.ts';
import { maskIban, validIban } from './iban.ts';

/** SEPA Direct Debit collects euros only. */
const SEPA_CURRENCY = 'EUR';

/** What the gateway keeps of the shopper's mandate (shown on the simulator pages, in chargebacks). */
export interface SepaMandate {
  mandateId: string;
  /** The day the shopper signed it by paying, `YYYY-MM-DD`. */
  signedAt: string;
  ownerName: string;
  /** Country, check digits and the last four digits; never the whole IBAN. */
  maskedIban: string;
}

/**
 * SEPA Direct Debit (`sepadirectdebit`): a purely client-side form (owner name and IBAN), no shopper
 * action; the payment records the mandate the shopper signs by paying, refusals are chosen by owner
 * name like card holder names.
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

  async decide(context: MerchantContext, request: PaymentRequest): Promise<MethodDecision> {
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
    if (ownerName.length > 256) throw gatewayError.unprocessable('000', 'ownerName is too long.');
    const mandate: SepaMandate = {
      mandateId: `MANDATE-${newPspReference()}`,
      signedAt: context.now.toISOString().slice(0, 10),
      ownerName,
      maskedIban: maskIban(iban),
    };
    return {
      paymentMethodType: 'sepadirectdebit',
      lastFour: iban.slice(-4),
      acquirer: acquirerOutcome(ownerName, request.additionalData),
      triggers: modificationTriggers(ownerName),
      threeDs: 'none',
      methodDetails: { mandate },
    };
  }
}
