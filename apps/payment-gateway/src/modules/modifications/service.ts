import type { Database, Executor } from '@actuate/service-kit';
import type { MerchantContext } from '../../shared/context.ts';
import { gatewayError } from '../../shared/errors.ts';
import type { Merchant } from '../merchants/service.ts';
import type { PaymentMethodRegistry } from '../payments/methods/registry.ts';
import type { Amount } from '../payments/models.ts';
import { newPspReference } from '../payments/references.ts';
import type { PaymentRow } from '../payments/repository.ts';
import type { PaymentService } from '../payments/service.ts';
import type { EventCode, WebhookService } from '../webhooks/service.ts';
import { insertModification } from './repository.ts';
import type { ModificationKind } from './schema.ts';

export interface ModificationRequest {
  amount?: Amount | undefined;
  reference?: string | undefined;
  merchantRefundReason?: string | undefined;
}

export interface ModificationResponse {
  merchantAccount: string;
  paymentPspReference: string;
  pspReference: string;
  reference?: string;
  status: 'received';
  amount?: Amount;
}

/**
 * Captures, refunds, cancels and reversals (docs/domain.md, modifications and notifications). Each is checked against the payment's
 * money state under a row lock, recorded, applied and notified in one transaction. The answer is
 * `received`; the outcome arrives by webhook, as with Adyen (a `capture failed` or
 * `refund failed` holder name makes it fail).
 */
export class ModificationService {
  constructor(
    private readonly db: Database,
    private readonly payments: PaymentService,
    private readonly webhooks: WebhookService,
    private readonly methods: PaymentMethodRegistry,
  ) {}

  modify(
    context: MerchantContext,
    kind: ModificationKind,
    paymentPspReference: string,
    request: ModificationRequest,
  ) {
    return this.db.transaction(async (tx) => {
      const payment = await this.payments.lockPayment(tx, context.merchant, paymentPspReference);
      if (!payment)
        throw gatewayError.unprocessable(
          '167',
          'Original pspReference required for this operation: payment not found.',
        );
      return this.apply(tx, context.merchant, kind, payment, request, context.now);
    });
  }

  /**
   * Immediate capture (captureDelayHours 0, or a method that settles at authorisation), run inside
   * the authorising transaction.
   */
  async captureNow(tx: Executor, merchant: Merchant, payment: PaymentRow, now: Date) {
    const settlesAtOnce = this.methods.modificationsOf(payment.paymentMethodType).capture === 'immediate';
    if (payment.captureDelayHours !== 0 && !settlesAtOnce) return;
    // The gateway's own settlement capture: the method's limits on merchant captures do not apply.
    await this.apply(tx, merchant, 'capture', payment, {}, now, false);
  }

  /**
   * Undoes an authorised payment inside the caller's transaction (a partial-payment order that is
   * cancelled or expires): cancelled while nothing is captured and the method allows it, else what is
   * captured and not refunded yet is refunded. CANCELLATION or REFUND webhooks as for the merchant's
   * own calls; a payment that is not authorised, or whose method allows neither, is left as it is.
   */
  async rollBack(tx: Executor, merchant: Merchant, paymentPspReference: string, now: Date) {
    const payment = await this.payments.lockPayment(tx, merchant, paymentPspReference);
    if (payment?.status !== 'authorised') return;
    const allowed = this.methods.modificationsOf(payment.paymentMethodType);
    if (payment.capturedValue === 0 && allowed.cancel) {
      await this.apply(tx, merchant, 'cancel', payment, {}, now, false);
      return;
    }
    if (payment.capturedValue > payment.refundedValue && allowed.refund)
      await this.apply(tx, merchant, 'refund', payment, {}, now, false);
  }

  /** The method's own limits (no separate capture of a bank redirect, no partial refund …). */
  private assertAllowed(kind: ModificationKind, payment: PaymentRow, request: ModificationRequest) {
    const allowed = this.methods.modificationsOf(payment.paymentMethodType);
    const refuse = (what: string) => {
      throw gatewayError.unprocessable(
        '167',
        `${payment.paymentMethodType} payments do not support ${what}.`,
      );
    };
    const partial = request.amount !== undefined;
    if (kind === 'capture' && allowed.capture === 'immediate')
      refuse('a separate capture (they settle at once)');
    if (kind === 'capture' && partial && !allowed.partialCapture) refuse('partial captures');
    if (kind === 'refund' && !allowed.refund) refuse('refunds');
    if (kind === 'refund' && partial && !allowed.partialRefund) refuse('partial refunds');
    if (kind === 'cancel' && !allowed.cancel) refuse('cancellation');
  }

  private async apply(
    tx: Executor,
    merchant: Merchant,
    kind: ModificationKind,
    payment: PaymentRow,
    request: ModificationRequest,
    now: Date,
    withinMethodLimits = true,
  ): Promise<ModificationResponse> {
    if (request.amount && request.amount.currency !== payment.currency) {
      throw gatewayError.unprocessable(
        '137',
        `Invalid amount specified: the payment is in ${payment.currency}.`,
      );
    }
    if (payment.status !== 'authorised') {
      throw gatewayError.unprocessable('167', `The payment cannot be modified: it is ${payment.status}.`);
    }
    if (withinMethodLimits) this.assertAllowed(kind, payment, request);
    const capturable = capturableValue(payment);
    const refundable = payment.capturedValue - payment.refundedValue;
    const effectiveKind: Exclude<ModificationKind, 'reversal'> =
      kind === 'reversal' ? (payment.capturedValue > 0 ? 'refund' : 'cancel') : kind;
    let value: number;
    let eventCode: EventCode;
    let succeeded = true;
    const changes: Partial<Pick<PaymentRow, 'capturedValue' | 'refundedValue' | 'releasedValue' | 'status'>> =
      {};
    switch (effectiveKind) {
      case 'capture': {
        value = request.amount?.value ?? capturable;
        if (value <= 0 || value > capturable) {
          throw gatewayError.unprocessable(
            '137',
            `Invalid amount specified: at most ${capturable} can be captured.`,
          );
        }
        succeeded = !payment.captureFails;
        eventCode = succeeded ? 'CAPTURE' : 'CAPTURE_FAILED';
        if (succeeded) changes.capturedValue = payment.capturedValue + value;
        break;
      }
      case 'refund': {
        value = kind === 'reversal' ? refundable : (request.amount?.value ?? refundable);
        if (value <= 0 || value > refundable) {
          throw gatewayError.unprocessable(
            '137',
            `Invalid amount specified: at most ${refundable} can be refunded.`,
          );
        }
        succeeded = !payment.refundFails;
        eventCode = kind === 'reversal' ? 'CANCEL_OR_REFUND' : succeeded ? 'REFUND' : 'REFUND_FAILED';
        if (succeeded) changes.refundedValue = payment.refundedValue + value;
        break;
      }
      case 'cancel': {
        if (payment.capturedValue > 0) {
          // Multiple partial captures (docs/domain.md): a cancel after them releases the rest.
          if (capturable === 0) {
            throw gatewayError.unprocessable(
              '167',
              'The payment is captured: refund it instead of cancelling.',
            );
          }
          value = capturable;
          eventCode = 'CANCELLATION';
          changes.releasedValue = payment.releasedValue + value;
          break;
        }
        value = payment.amountValue;
        eventCode = kind === 'reversal' ? 'CANCEL_OR_REFUND' : 'CANCELLATION';
        changes.status = 'cancelled';
        break;
      }
    }
    const pspReference = newPspReference();
    await insertModification(tx, {
      pspReference,
      paymentPspReference: payment.pspReference,
      merchantAccount: merchant.account,
      kind,
      currency: payment.currency,
      amountValue: value,
      reference: request.reference ?? null,
      reason: request.merchantRefundReason ?? null,
      outcome: succeeded ? 'succeeded' : 'failed',
      createdAt: now,
    });
    if (Object.keys(changes).length > 0)
      await this.payments.updateMoneyState(tx, payment.pspReference, changes);
    await this.webhooks.notify(tx, merchant, {
      eventCode,
      paymentPspReference: payment.pspReference,
      pspReference,
      merchantReference: request.reference ?? payment.merchantReference,
      amount: { value, currency: payment.currency },
      success: eventCode.endsWith('_FAILED') ? true : succeeded,
      reason: succeeded ? undefined : `${effectiveKind} failed (sandbox holder-name trigger)`,
      paymentMethod: payment.brand ?? payment.paymentMethodType,
      additionalData: kind === 'reversal' ? { 'modification.action': effectiveKind } : undefined,
      eventDate: now,
    });
    return {
      merchantAccount: merchant.account,
      paymentPspReference: payment.pspReference,
      pspReference,
      ...(request.reference ? { reference: request.reference } : {}),
      status: 'received',
      ...(kind === 'cancel' ? {} : { amount: { value, currency: payment.currency } }),
    };
  }
}

/** What can still be captured: authorised, less what is captured and what a cancel released. */
export const capturableValue = (payment: PaymentRow) =>
  payment.amountValue - payment.capturedValue - payment.releasedValue;
