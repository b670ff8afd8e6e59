/**
 * The demo page's side of Amazon Pay's return contract: Amazon sends the buyer back with
 * `?amazonCheckoutSessionId=`. On its own the component reviews first (the first return shows Confirm
 * purchase and Change payment details, and the confirm step returns here with `amazonStep=result`);
 * the second return is the result, where the page pays with the session id. The drop-in starts
 * Amazon in ProcessOrder mode, so its buyer comes back once, to the result: the page mounts the
 * component with the session id and pays at once. `?amazonSignOut=1` shows the sign-out button.
 */
export function amazonPayOptions(params: URLSearchParams): Record<string, unknown> {
  if (params.get('amazonSignOut') === '1') return { showSignOutButton: true };
  const sessionId = params.get('amazonCheckoutSessionId');
  if (!sessionId) return {};
  if (params.get('amazonStep') === 'result' || isAmazonPayDropinReturn(params))
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

/** Back to the drop-in's page from Amazon (ProcessOrder): the result, to pay with the session id. */
export function isAmazonPayDropinReturn(params: URLSearchParams): boolean {
  return params.get('component') === 'dropin' && params.has('amazonCheckoutSessionId');
}

/** On the result return the page pays at once (a reload must not pay again). */
export function isAmazonPayResult(params: URLSearchParams): boolean {
  return (
    (params.get('amazonStep') === 'result' && params.has('amazonCheckoutSessionId')) ||
    isAmazonPayDropinReturn(params)
  );
}

/**
 * Where the drop-in's Amazon Pay returns the buyer: this page with the payment session's id, so the
 * result return resumes the same session (its data stays in localStorage).
 */
export function amazonPayDropinReturnUrl(pageUrl: string, paymentSessionId: string | undefined): string {
  const url = new URL(pageUrl);
  url.searchParams.delete('amazonCheckoutSessionId');
  if (paymentSessionId) url.searchParams.set('sessionId', paymentSessionId);
  return url.toString();
}
