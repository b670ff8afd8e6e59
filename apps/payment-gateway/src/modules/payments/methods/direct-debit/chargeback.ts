import type { Database } from '@actuate/service-kit';
import type { MerchantContext } from '../../../../shared/context.ts';
import { gatewayError } from '../../../../shared/errors.ts';
import type { WebhookService } from '../../../webhooks/service.ts';
import { lockPayment, updatePayment } from '../../repository.ts';

/** The direct debits a shopper's bank can reverse after the money was collected. */
const DIRECT_DEBIT_TYPES = new Set(['sepadirectdebit', 'ach']);

/** The reason code a bank gives when the account holder disputes the debit. */
const DEFAULT_REASON_CODE: Record<string, string> = {
  sepadirectdebit: 'MD06',
  ach: 'R10',
};

export interface ChargebackRequest {
  reasonCode?: string | undefined;
  reason?: string | undefined;
}

export interface ChargebackRecord {
  reasonCode: string;
  reason: string;
  value: number;
  at: string;
}

/**
 * Sandbox only: the shopper's bank reverses an authorised (or captured) direct debit. The merchant
 * hears NOTIFICATION_OF_CHARGEBACK first and then CHARGEBACK, as with the reference PSP; the payment
 * remembers the chargeback so it happens once.
 */
export class DirectDebitChargebacks {
  constructor(
    private readonly db: Database,
    private readonly webhooks: WebhookService,
  ) {}

  simulate(context: MerchantContext, pspReference: string, request: ChargebackRequest) {
    return this.db.transaction(async (tx) => {
      const payment = await lockPayment(tx, context.merchant.account, pspReference);
      if (!payment)
        throw gatewayError.unprocessable(
          '167',
          'Original pspReference required for this operation: payment not found.',
        );
      if (!DIRECT_DEBIT_TYPES.has(payment.paymentMethodType))
        throw gatewayError.unprocessable('167', 'Only SEPA and ACH direct debits can be charged back here.');
      if (payment.status !== 'authorised')
        throw gatewayError.unprocessable(
          '167',
          `The payment cannot be charged back: it is ${payment.status}.`,
        );
      const details = payment.methodDetails ?? {};
      if (details.chargeback)
        throw gatewayError.unprocessable('167', 'The payment has been charged back already.');
      const collected = payment.capturedValue > 0 ? payment.capturedValue : payment.amountValue;
      const value = collected - payment.refundedValue;
      if (value <= 0)
        throw gatewayError.unprocessable('167', 'Nothing is left to charge back: it was refunded.');
      const record: ChargebackRecord = {
        reasonCode: request.reasonCode ?? DEFAULT_REASON_CODE[payment.paymentMethodType] ?? 'MD06',
        reason: request.reason ?? 'Refund request by the account holder',
        value,
        at: context.now.toISOString(),
      };
      // The money went back to the shopper: nothing is left to refund.
      await updatePayment(tx, payment.pspReference, {
        methodDetails: { ...details, chargeback: record },
        refundedValue: payment.refundedValue + value,
      });
      const base = {
        paymentPspReference: payment.pspReference,
        pspReference: payment.pspReference,
        merchantReference: payment.merchantReference,
        amount: { value, currency: payment.currency },
        success: true,
        reason: record.reason,
        paymentMethod: payment.paymentMethodType,
        eventDate: context.now,
      };
      const additionalData = {
        chargebackReasonCode: record.reasonCode,
        chargebackSchemeCode: payment.paymentMethodType,
      };
      await this.webhooks.notify(tx, context.merchant, {
        ...base,
        eventCode: 'NOTIFICATION_OF_CHARGEBACK',
        additionalData: { ...additionalData, disputeStatus: 'Undefended' },
      });
      await this.webhooks.notify(tx, context.merchant, {
        ...base,
        eventCode: 'CHARGEBACK',
        additionalData: { ...additionalData, disputeStatus: 'Lost' },
      });
      return {
        pspReference: payment.pspReference,
        status: 'chargeback',
        amount: { value, currency: payment.currency },
        reasonCode: record.reasonCode,
      };
    });
  }
}
