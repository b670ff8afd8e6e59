import type { PaymentResponse } from './models.ts';
import type { PaymentRow } from './repository.ts';

/** The `/payments` and `/payments/details` answer for a payment as it stands. */
export function paymentResponse(payment: PaymentRow): PaymentResponse {
  const base: PaymentResponse = {
    pspReference: payment.pspReference,
    resultCode: payment.resultCode,
    merchantReference: payment.merchantReference,
    amount: { currency: payment.currency, value: payment.amountValue },
  };
  if (payment.status === 'authorised') {
    const stored = payment.storedPaymentMethodId && payment.shopperReference;
    return {
      ...base,
      paymentMethod: {
        type: payment.paymentMethodType,
        ...(payment.brand ? { brand: payment.brand } : {}),
      },
      ...(stored
        ? {
            additionalData: {
              'recurring.recurringDetailReference': payment.storedPaymentMethodId as string,
              'recurring.shopperReference': payment.shopperReference as string,
              'tokenization.storedPaymentMethodId': payment.storedPaymentMethodId as string,
              'tokenization.shopperReference': payment.shopperReference as string,
            },
          }
        : {}),
    };
  }
  return {
    ...base,
    ...(payment.fraudResult ? { fraudResult: payment.fraudResult } : {}),
    ...(payment.refusalReason ? { refusalReason: payment.refusalReason } : {}),
    ...(payment.refusalReasonCode ? { refusalReasonCode: payment.refusalReasonCode } : {}),
    ...(payment.rawResponseCode
      ? {
          additionalData: {
            refusalReasonRaw: `${payment.rawResponseCode} : ${payment.rawResponseText ?? ''}`,
          },
        }
      : {}),
  };
}
