import { gatewayError } from '../../shared/errors.ts';
import { paymentOfAuthorizationToken } from './methods/open-invoice/widget-tokens.ts';
import type { PaymentDetailsRequest } from './models.ts';
import type { PaymentRow } from './repository.ts';

/**
 * A provider widget's result (Klarna's) in `/payments/details`: an `authorization_token` issued for
 * the payment authorises it; one issued for another payment, or forged, is a 422 and changes nothing;
 * the widget's failure (no token, e.g. empty details with the paymentData) refuses the payment.
 * Undefined: the details are not a widget result.
 */
export async function widgetCompletion(
  tokenKey: Buffer,
  request: PaymentDetailsRequest,
  find: {
    byPaymentData(paymentData: string): Promise<PaymentRow>;
    byReference(pspReference: string): Promise<PaymentRow | undefined>;
  },
): Promise<{ pspReference: string; choice: 'authorise' | 'refuse' } | undefined> {
  const token = request.details.authorization_token;
  const fromToken = token === undefined ? undefined : paymentOfAuthorizationToken(tokenKey, token);
  if (token !== undefined && !fromToken)
    throw gatewayError.unprocessable('15_002', 'Invalid authorization_token: not issued by the widget.');
  if (token === undefined && !request.paymentData) return undefined;
  const payment = request.paymentData
    ? await find.byPaymentData(request.paymentData)
    : await find.byReference(fromToken!);
  if (payment?.shopperStep?.kind !== 'sdk') {
    if (token === undefined) return undefined;
    throw gatewayError.unprocessable(
      '15_002',
      'Invalid authorization_token: no widget payment waits for it.',
    );
  }
  if (fromToken !== undefined && fromToken !== payment.pspReference)
    throw gatewayError.unprocessable('15_002', 'Invalid authorization_token: issued for another payment.');
  return { pspReference: payment.pspReference, choice: fromToken ? 'authorise' : 'refuse' };
}
