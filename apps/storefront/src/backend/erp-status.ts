import { getConfig } from '../config';

/*
 * The middleware's view of an order's ERP submission (`GET /erp/orders/{id}`) and its re-submission
 * (`POST /erp/orders/{id}/resubmit`), both with the buyer's platform token: the middleware reads the
 * order with it, so a buyer only sees and re-submits their own orders.
 */

export interface ErpSubmission {
  readonly State?: string;
  readonly OrderNumber?: string | null;
  readonly WebShopStatus?: string | null;
  readonly ErpSubmissionIssue?: string | null;
  readonly ConfirmedShippingDate?: string | null;
  readonly LineItems?: readonly {
    LineItemID?: string;
    ErpLineNumber?: number | null;
    ErpSubmissionIssue?: string | null;
  }[];
  readonly Shipments?: readonly unknown[];
}

const TIMEOUT_MS = 5000;

/** The buyer's token, and this server's key at the middleware. */
const middlewareHeaders = (token: string) => ({
  authorization: `Bearer ${token}`,
  accept: 'application/json',
  'x-api-key': getConfig().middlewareApiKey,
});

/** The submission, or undefined when the order has none yet or the middleware cannot be reached. */
export async function getErpSubmission(token: string, orderId: string): Promise<ErpSubmission | undefined> {
  try {
    const response = await fetch(`${getConfig().middlewareUrl}/erp/orders/${encodeURIComponent(orderId)}`, {
      headers: middlewareHeaders(token),
      cache: 'no-store',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return undefined;
    return (await response.json()) as ErpSubmission;
  } catch {
    return undefined;
  }
}

export type ResubmitResult = { readonly ok: true } | { readonly ok: false; readonly status?: number };

export async function resubmitOrder(token: string, orderId: string): Promise<ResubmitResult> {
  try {
    const response = await fetch(
      `${getConfig().middlewareUrl}/erp/orders/${encodeURIComponent(orderId)}/resubmit`,
      {
        method: 'POST',
        headers: middlewareHeaders(token),
        cache: 'no-store',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      },
    );
    return response.ok ? { ok: true } : { ok: false, status: response.status };
  } catch {
    return { ok: false };
  }
}
