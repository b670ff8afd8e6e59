import { gatewayError } from '../../shared/errors.ts';
import { signToken } from '../crypto/service.ts';
import { type AcquirerOutcome, outcomeForCode } from '../payments/acquirer.ts';
import { widgetClientToken } from '../payments/methods/open-invoice/widget-tokens.ts';
import type { ShopperStep } from '../payments/methods/types.ts';
import type { PaymentAction } from '../payments/models.ts';
import type { PaymentRow } from '../payments/repository.ts';
import { PAYMENT_DATA_PREFIX } from '../payments/threeds-steps.ts';
import { redirectResultFor, returnUrlWithResult, sdkOrderIdFor, stepPageUrl } from './tokens.ts';

/** What a tester can choose on a simulator page. */
export type ShopperStepChoice = 'authorise' | 'refuse' | 'cancel' | 'pending' | 'expire';

/** The action a payment answers for its shopper step. */
export function shopperStepAction(
  publicUrl: string,
  tokenKey: Buffer,
  payment: Pick<PaymentRow, 'pspReference' | 'paymentMethodType'>,
  step: ShopperStep,
): PaymentAction {
  const { paymentMethodType } = payment;
  if (step.kind === 'present') return { ...step.action, paymentMethodType };
  if (step.kind === 'sdk') {
    const paymentData = signToken(tokenKey, PAYMENT_DATA_PREFIX, { p: payment.pspReference });
    // An in-page widget starts from its data and a client token; a wallet's pop-up from its order.
    const sdkData = step.sdkData
      ? { ...step.sdkData, client_token: widgetClientToken(tokenKey, payment.pspReference) }
      : { token: sdkOrderIdFor(tokenKey, payment.pspReference) };
    return { type: 'sdk', paymentMethodType, sdkData, paymentData };
  }
  const url = stepPageUrl(publicUrl, tokenKey, payment.pspReference);
  if (step.kind !== 'redirect') {
    const paymentData = signToken(tokenKey, PAYMENT_DATA_PREFIX, { p: payment.pspReference });
    return {
      type: step.kind,
      paymentMethodType,
      // Scanning the sandbox's code opens the simulator page: the phone that approves the payment.
      ...(step.kind === 'qrCode' ? { qrCodeData: url } : {}),
      url,
      paymentData,
      expiresAt: step.expiresAt,
    };
  }
  if (step.method !== 'POST') return { type: 'redirect', method: 'GET', url, paymentMethodType };
  // A POST redirect carries the page's token as a form field, as banks' POST entries do.
  const token = url.slice(url.lastIndexOf('/') + 1);
  return {
    type: 'redirect',
    method: 'POST',
    url: `${publicUrl}/shopper`,
    data: { step: token },
    paymentMethodType,
  };
}

/** Whether a payment still waits for its shopper step. */
export const isOpen = (payment: Pick<PaymentRow, 'status'>) =>
  payment.status === 'authenticating' || payment.status === 'received';

/** Whether a step with an expiry has lapsed by the gateway's clock. */
export function hasLapsed(step: ShopperStep, now: Date): boolean {
  const expiresAt = 'expiresAt' in step ? step.expiresAt : undefined;
  return expiresAt !== undefined && Date.parse(expiresAt) <= now.getTime();
}

/** A redirect needs somewhere to come back to: an http(s) returnUrl. */
export function webReturnUrl(value: string | undefined): string {
  try {
    const url = new URL(value ?? '');
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString();
  } catch {}
  throw gatewayError.unprocessable(
    '14_030',
    'returnUrl must be an http(s) URL for a redirect payment method.',
  );
}

/** The acquirer's answer for a final choice: authorising applies what the method family decided. */
export function outcomeOfChoice(
  choice: Exclude<ShopperStepChoice, 'pending'>,
  payment: PaymentRow,
): AcquirerOutcome {
  if (choice === 'authorise')
    return outcomeForCode(
      payment.acquirerResponseCode,
      payment.rawResponseCode
        ? { code: payment.rawResponseCode, text: payment.rawResponseText ?? '' }
        : undefined,
    );
  return outcomeForCode(choice === 'refuse' ? 2 : 15);
}

/** Where the simulator page sends the shopper back, with the result to submit as details. */
export function returnAddress(tokenKey: Buffer, payment: PaymentRow): string | undefined {
  if (!payment.returnUrl) return undefined;
  return returnUrlWithResult(
    payment.returnUrl,
    redirectResultFor(tokenKey, payment.pspReference),
    payment.sessionId,
  );
}
