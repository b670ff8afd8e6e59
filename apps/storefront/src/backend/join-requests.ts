import { getConfig } from '../config';

/*
 * Join requests at the middleware (`/join-requests`): registrations with the buyer's company's VAT
 * number, waiting for a buyer administrator. The middleware takes the company and the roles from the
 * buyer's platform token; the storefront only passes the token on.
 */

export interface JoinRequest {
  readonly ID: string;
  readonly FirstName: string;
  readonly LastName: string;
  readonly Email: string;
  readonly DateCreated: string;
  readonly ExpiresAt: string;
}

/** What became of a decision: done, decided already (409) or gone (404), not allowed, or failed. */
export type DecisionResult = 'ok' | 'decided' | 'forbidden' | 'failed';

const TIMEOUT_MS = 10_000;

function call(token: string, path: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${getConfig().middlewareUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      'x-api-key': getConfig().middlewareApiKey,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    cache: 'no-store',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
}

/** The company's waiting join requests; undefined when they cannot be read (or the buyer may not). */
export async function listJoinRequests(token: string): Promise<JoinRequest[] | undefined> {
  try {
    const response = await call(token, '/join-requests');
    if (!response.ok) return undefined;
    return ((await response.json()) as { Items: JoinRequest[] }).Items;
  } catch {
    return undefined;
  }
}

export async function decideJoinRequest(
  token: string,
  id: string,
  decision: 'approve' | 'decline',
  reason?: string,
): Promise<DecisionResult> {
  try {
    const response = await call(token, `/join-requests/${encodeURIComponent(id)}/${decision}`, {
      method: 'POST',
      ...(decision === 'decline' ? { body: { reason } } : {}),
    });
    if (response.ok) return 'ok';
    if (response.status === 404 || response.status === 409) return 'decided';
    if (response.status === 401 || response.status === 403) return 'forbidden';
    return 'failed';
  } catch {
    return 'failed';
  }
}
