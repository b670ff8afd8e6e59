/**
 * The demo page's side of Amazon Pay's return contract: Amazon sends the buyer back with
 * `?amazonCheckoutSessionId=`. The first return is the review (the component shows Confirm purchase
 * and Change payment details, and the confirm step returns here with `amazonStep=result`); the
 * second is the result, where the page pays with the session id. `?amazonSignOut=1` shows the
 * sign-out button instead.
 */
export function amazonPayOptions(params: URLSearchParams): Record<string, unknown> {
  if (params.get('amazonSignOut') === '1') return { showSignOutButton: true };
  const sessionId = params.get('amazonCheckoutSessionId');
  if (!sessionId) return {};
  if (params.get('amazonStep') === 'result')
    return { amazonCheckoutSessionId: sessionId, showOrderButton: false };
  const resultUrl = new URL(window.location.href);
  resultUrl.searchParams.delete('amazonCheckoutSessionId');
  resultUrl.searchParams.set('amazonStep', 'result');
  return {
    amazonCheckoutSessionId: sessionId,
    returnUrl: resultUrl.toString(),
    showChangePaymentDetailsButton: true,
  };
}

/** On the result return the page pays at once (a reload must not pay again). */
export function isAmazonPayResult(params: URLSearchParams): boolean {
  return params.get('amazonStep') === 'result' && params.has('amazonCheckoutSessionId');
}
