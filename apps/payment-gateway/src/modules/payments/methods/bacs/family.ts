import type { MerchantContext } from '../../../../shared/context.ts';
import { gatewayError } from '../../../../shared/errors.ts';
import { acquirerOutcome, modificationTriggers } from '../../acquirer.ts';
import type { PaymentRequest } from '../../models.ts';
import {
  type ListQuery,
  type MethodDecision,
  type MethodModifications,
  type PaymentMethodEntry,
  type PaymentMethodFamily,
  SETTLES_AT_ONCE,
} from '../types.ts';
import { mandatePdfUrl, newMandateId } from './mandate-token.ts';
import {
  BACS_COUNTRY,
  BACS_CURRENCY,
  validAccountNumber,
  validEmail,
  validHolderName,
  validSortCode,
} from './validate.ts';

export const BACS_TYPE = 'directdebit_GB';

/** The mandate as the gateway keeps it with the payment: the account is masked to its last four digits. */
export interface BacsMandate {
  mandateId: string;
  holderName: string;
  sortCode: string;
  accountLastFour: string;
  shopperEmail: string;
  signedAt: string;
}

/**
 * UK direct debit (BACS): the shopper confirms a mandate in the widget; the payment is Received and
 * collected later (the simulator page settles it). The answer's voucher action links the mandate
 * PDF, served by `bacsMandateRoutes` under a signed address.
 */
export class BacsDirectDebitFamily implements PaymentMethodFamily {
  readonly name = 'bacs';

  constructor(
    private readonly tokenKey: Buffer,
    private readonly publicUrl: string,
  ) {}

  handles(type: string) {
    return type === BACS_TYPE;
  }

  listEntries(_context: MerchantContext, query: ListQuery): PaymentMethodEntry[] {
    if (query.amount && query.amount.currency !== BACS_CURRENCY) return [];
    if (query.countryCode && query.countryCode.toUpperCase() !== BACS_COUNTRY) return [];
    return [{ type: BACS_TYPE, name: 'BACS Direct Debit' }];
  }

  /** Settled at authorisation: the bank collects the debit once the mandate is lodged; refunds go back to the account. */
  modifications(): MethodModifications {
    return SETTLES_AT_ONCE;
  }

  async decide(context: MerchantContext, request: PaymentRequest): Promise<MethodDecision> {
    const method = request.paymentMethod as Record<string, unknown>;
    if (request.amount.currency !== BACS_CURRENCY)
      throw gatewayError.unprocessable('905', 'BACS Direct Debit takes GBP only.');
    const holderName = validHolderName(method.holderName);
    if (!holderName)
      throw gatewayError.unprocessable(
        '000',
        'holderName is required for BACS Direct Debit (1-128 characters).',
      );
    const accountNumber = validAccountNumber(method.bankAccountNumber);
    if (!accountNumber) throw gatewayError.unprocessable('000', 'Invalid bankAccountNumber: 1 to 8 digits.');
    const sortCode = validSortCode(method.bankLocationId);
    if (!sortCode)
      throw gatewayError.unprocessable('000', 'Invalid bankLocationId: a sort code of 6 digits.');
    const shopperEmail = validEmail(request.shopperEmail);
    if (!shopperEmail)
      throw gatewayError.unprocessable(
        '000',
        'shopperEmail is required for BACS Direct Debit (a valid e-mail address).',
      );
    const mandate: BacsMandate = {
      mandateId: newMandateId(),
      holderName,
      sortCode,
      accountLastFour: accountNumber.slice(-4),
      shopperEmail,
      signedAt: context.now.toISOString(),
    };
    return {
      paymentMethodType: BACS_TYPE,
      lastFour: mandate.accountLastFour,
      acquirer: acquirerOutcome(holderName, request.additionalData),
      triggers: modificationTriggers(holderName),
      threeDs: 'none',
      methodDetails: { ...mandate },
      shopperStep: {
        kind: 'present',
        resultCode: 'Received',
        action: {
          type: 'voucher',
          paymentMethodType: BACS_TYPE,
          url: mandatePdfUrl(this.publicUrl, this.tokenKey, mandate.mandateId),
        },
      },
    };
  }
}
