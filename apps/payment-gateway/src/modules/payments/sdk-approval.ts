import { gatewayError } from '../../shared/errors.ts';
import { outcomeOfChoice } from '../shopper-steps/actions.ts';
import { pspReferenceOfSdkOrder } from '../shopper-steps/tokens.ts';
import { type AcquirerOutcome, DECLINED } from './acquirer.ts';
import type { PaymentRow } from './repository.ts';

/**
 * Checks that `/payments/details` names this payment's wallet order (`details.orderID`); a wrong or
 * forged order is refused (422) and changes nothing.
 */
export function assertOrderOfPayment(tokenKey: Buffer, payment: PaymentRow, orderId: string) {
  if (payment.shopperStep?.kind !== 'sdk')
    throw gatewayError.unprocessable(
      '15_002',
      'Invalid payload provided: this payment waits for no wallet order.',
    );
  if (pspReferenceOfSdkOrder(tokenKey, orderId) !== payment.pspReference)
    throw gatewayError.unprocessable(
      '15_002',
      'Invalid payload provided: orderID is not this payment’s order.',
    );
}

/**
 * The acquirer's answer once the shopper approved the order in the wallet's pop-up: authorised
 * only when `payerID` is the payer who approved it (else 422, nothing changes); a payer whose
 * funding source declines is refused.
 */
export function approvedOutcome(payment: PaymentRow, payerId: string | undefined): AcquirerOutcome {
  const step = payment.shopperStep;
  const approval = step?.kind === 'sdk' ? step.approval : undefined;
  if (!approval)
    throw gatewayError.unprocessable('15_002', 'Invalid payload provided: the order was not approved yet.');
  if (approval.payerId !== payerId)
    throw gatewayError.unprocessable(
      '15_002',
      'Invalid payload provided: payerID did not approve this order.',
    );
  return approval.declined ? DECLINED : outcomeOfChoice('authorise', payment);
}
