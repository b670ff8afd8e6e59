/*
 * The storefront's return route (/checkout/return) resumes the buyer's payment session after the buyer
 * left the page: a redirect method comes back with the gateway's `redirectResult`, Amazon Pay (ProcessOrder
 * in the drop-in) with its `amazonCheckoutSessionId`. Both carry the payment session's id.
 */

/** What the return route was called with: which payment to finish, on which session. */
export type PaymentReturn =
  | { readonly kind: 'redirect'; readonly sessionId: string; readonly redirectResult: string }
  | { readonly kind: 'amazonpay'; readonly sessionId: string; readonly amazonCheckoutSessionId: string };

const SESSION_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Amazon's checkout-session ids (UUIDs in the gateway's simulator). */
const AMAZON_SESSION_ID = /^[A-Za-z0-9-]{1,100}$/;
const REDIRECT_RESULT_LIMIT = 8192;

type Query = Record<string, string | string[] | undefined>;
const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '');

/** The payment to resume from the route's query, or undefined when it names none (or a malformed one). */
export function paymentReturnFrom(query: Query): PaymentReturn | undefined {
  const sessionId = single(query.sessionId);
  if (!SESSION_ID.test(sessionId)) return undefined;
  const amazonCheckoutSessionId = single(query.amazonCheckoutSessionId);
  if (amazonCheckoutSessionId) {
    return AMAZON_SESSION_ID.test(amazonCheckoutSessionId)
      ? { kind: 'amazonpay', sessionId, amazonCheckoutSessionId }
      : undefined;
  }
  const redirectResult = single(query.redirectResult).slice(0, REDIRECT_RESULT_LIMIT);
  return redirectResult ? { kind: 'redirect', sessionId, redirectResult } : undefined;
}

/**
 * Where Amazon Pay sends the buyer back (the return route, with the payment session's id; Amazon adds
 * its own session id) and where a cancel lands (the checkout). Both on `origin`, the page's own origin:
 * never an address taken from a query or a form.
 */
export function amazonPayUrls(
  origin: string,
  locale: string,
  paymentSessionId: string,
): { returnUrl: string; cancelUrl: string } {
  const base = new URL(origin);
  if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new Error('not a web origin');
  const returnUrl = new URL(`/${encodeURIComponent(locale)}/checkout/return`, base.origin);
  returnUrl.searchParams.set('sessionId', paymentSessionId);
  const cancelUrl = new URL(`/${encodeURIComponent(locale)}/checkout`, base.origin);
  return { returnUrl: returnUrl.toString(), cancelUrl: cancelUrl.toString() };
}

/** The buyer's instrument and account as Amazon's checkout session shows them (empty when unknown). */
export function shopperSummary(details: unknown): { instrument?: string; email?: string } {
  const fields = (details ?? {}) as {
    buyer?: { email?: unknown };
    paymentPreferences?: { paymentDescriptor?: unknown }[];
  };
  const descriptor = fields.paymentPreferences?.[0]?.paymentDescriptor;
  const email = fields.buyer?.email;
  return {
    ...(typeof descriptor === 'string' ? { instrument: descriptor.slice(0, 80) } : {}),
    ...(typeof email === 'string' ? { email: email.slice(0, 120) } : {}),
  };
}
