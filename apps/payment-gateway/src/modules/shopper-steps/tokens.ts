import { signToken, verifyToken } from '../crypto/service.ts';

/** The simulator page's address carries this token: it names the payment and cannot be forged. */
const STEP_PAGE_PREFIX = 'SS1!';
/** What the shopper brings back to the returnUrl, for `/payments/details` (`details.redirectResult`). */
const REDIRECT_RESULT_PREFIX = 'RR1!';

export function stepPageUrl(publicUrl: string, tokenKey: Buffer, pspReference: string): string {
  return `${publicUrl}/shopper/${signToken(tokenKey, STEP_PAGE_PREFIX, { p: pspReference })}`;
}

export function pspReferenceOfStepToken(tokenKey: Buffer, token: string): string | undefined {
  return verifyToken<{ p?: string }>(tokenKey, STEP_PAGE_PREFIX, token)?.p;
}

/** A wallet order the page's SDK opens (`action.sdkData.token`): names the payment, cannot be forged. */
const SDK_ORDER_PREFIX = 'WO1-';

export function sdkOrderIdFor(tokenKey: Buffer, pspReference: string): string {
  return signToken(tokenKey, SDK_ORDER_PREFIX, { p: pspReference });
}

export function pspReferenceOfSdkOrder(tokenKey: Buffer, orderId: string): string | undefined {
  return verifyToken<{ p?: string }>(tokenKey, SDK_ORDER_PREFIX, orderId)?.p;
}

export function redirectResultFor(tokenKey: Buffer, pspReference: string): string {
  return signToken(tokenKey, REDIRECT_RESULT_PREFIX, { p: pspReference });
}

export function pspReferenceOfRedirectResult(tokenKey: Buffer, value: string): string | undefined {
  return verifyToken<{ p?: string }>(tokenKey, REDIRECT_RESULT_PREFIX, value)?.p;
}

/**
 * The returnUrl with `redirectResult` added (its own query and fragment kept), and `sessionId` for a
 * session's payment, so the return page can restore the session as Adyen's sessions flow does.
 */
export function returnUrlWithResult(
  returnUrl: string,
  redirectResult: string,
  sessionId?: string | null,
): string {
  const url = new URL(returnUrl);
  if (sessionId) url.searchParams.set('sessionId', sessionId);
  url.searchParams.set('redirectResult', redirectResult);
  return url.toString();
}
