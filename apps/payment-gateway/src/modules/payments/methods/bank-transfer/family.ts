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
import { isTransferCurrency, newCollectionAccount, newTransferReference } from './account.ts';

export const BANK_TRANSFER_TYPE = 'bankTransfer_IBAN';
export const BENEFICIARY = 'Actuate Sandbox Payments B.V.';

/**
 * Where bank transfer by IBAN is offered: EUR in every country (a SEPA credit transfer) and DKK
 * for Danish shoppers (a domestic transfer). Other currencies have no collection account here.
 */
export function transferOffered(currency: string | undefined, countryCode: string | undefined): boolean {
  if (currency === undefined) return true;
  if (!isTransferCurrency(currency)) return false;
  return currency === 'EUR' || !countryCode || countryCode.toUpperCase() === 'DK';
}

/** Optional, but when given it must be usable: 6 to 320 characters, one "@", a dotted domain. */
function emailOrUndefined(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const email = typeof value === 'string' ? value.trim() : '';
  if (email.length >= 6 && email.length <= 320 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return email;
  throw gatewayError.unprocessable(
    '000',
    'Invalid shopperEmail: a valid e-mail address of 6 to 320 characters.',
  );
}

/**
 * Bank transfer by IBAN: the shopper gets a collection account and a reference to pay to; the
 * payment stays Pending (PresentToShopper) until the simulator marks the transfer received, which
 * authorises it and sends the AUTHORISATION webhook (or it expires unpaid).
 */
export class BankTransferFamily implements PaymentMethodFamily {
  readonly name = 'bank-transfer';

  handles(type: string) {
    return type === BANK_TRANSFER_TYPE;
  }

  listEntries(_context: MerchantContext, query: ListQuery): PaymentMethodEntry[] {
    if (!transferOffered(query.amount?.currency, query.countryCode)) return [];
    return [{ type: BANK_TRANSFER_TYPE, name: 'Bank Transfer' }];
  }

  /** Settled at authorisation: the money has arrived when the payment is authorised; refunds are paid back to the shopper. */
  modifications(): MethodModifications {
    return SETTLES_AT_ONCE;
  }

  async decide(_context: MerchantContext, request: PaymentRequest): Promise<MethodDecision> {
    const { currency } = request.amount;
    if (!isTransferCurrency(currency) || !transferOffered(currency, request.countryCode))
      throw gatewayError.unprocessable(
        '905',
        'Bank transfer by IBAN takes EUR, or DKK for shoppers in Denmark.',
      );
    const shopperEmail = emailOrUndefined(request.shopperEmail);
    const { iban, bic } = newCollectionAccount(currency);
    const reference = newTransferReference();
    return {
      paymentMethodType: BANK_TRANSFER_TYPE,
      lastFour: iban.slice(-4),
      // The sandbox acquirer approves a received transfer; no holder name triggers a refusal.
      acquirer: acquirerOutcome(undefined, request.additionalData),
      triggers: modificationTriggers(undefined),
      threeDs: 'none',
      methodDetails: {
        beneficiary: BENEFICIARY,
        iban,
        bic,
        reference,
        ...(shopperEmail ? { shopperEmail } : {}),
      },
      shopperStep: {
        kind: 'present',
        resultCode: 'PresentToShopper',
        action: {
          type: 'bankTransfer',
          paymentMethodType: BANK_TRANSFER_TYPE,
          beneficiary: BENEFICIARY,
          iban,
          bic,
          reference,
          totalAmount: { currency, value: request.amount.value },
          ...(shopperEmail ? { shopperEmail } : {}),
        },
      },
    };
  }
}
