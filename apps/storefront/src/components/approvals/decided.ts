/*
 * After a decision the approvals page is opened again with `?decided=<order ID>&decision=approve|decline`
 * (a fresh page: the list and the header's count no longer hold the order), and says what happened.
 */

export const ORDER_ID = /^[A-Za-z0-9_-]{1,100}$/;

export type Decision = 'approve' | 'decline';

export function decidedHref(orderId: string, decision: Decision): string {
  return `/approvals?${new URLSearchParams({ decided: orderId, decision })}`;
}

/** The decided order named by the page's query, when it is well formed. */
export function decidedOrder(
  query: Record<string, string | string[] | undefined>,
): { readonly id: string; readonly decision: Decision } | undefined {
  const { decided, decision } = query;
  if (typeof decided !== 'string' || !ORDER_ID.test(decided)) return undefined;
  if (decision !== 'approve' && decision !== 'decline') return undefined;
  return { id: decided, decision };
}
