import { connection } from 'next/server';
import { getConfig } from '../config';

/*
 * The terms and privacy versions in force, from the middleware (`GET /policy-versions`), which refuses
 * a registration or an order without the buyer's acceptance of exactly these. Kept for a minute per
 * server process: they change with a release of the texts, not per request.
 */

export interface PolicyVersions {
  readonly termsVersion: number;
  readonly privacyVersion: number;
}

const TIMEOUT_MS = 4000;
const KEEP_MS = 60_000;

let kept: { readonly versions: PolicyVersions; readonly until: number } | undefined;

const isVersion = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1;

export async function policyVersions(): Promise<PolicyVersions> {
  // Read at request time, never while a page is prerendered at build (no middleware there).
  await connection();
  if (kept && kept.until > Date.now()) return kept.versions;
  try {
    const { middlewareUrl, middlewareApiKey } = getConfig();
    const response = await fetch(`${middlewareUrl}/policy-versions`, {
      headers: { accept: 'application/json', 'x-api-key': middlewareApiKey },
      cache: 'no-store',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`the middleware answered ${response.status}`);
    const body = (await response.json()) as Partial<PolicyVersions>;
    if (!isVersion(body.termsVersion) || !isVersion(body.privacyVersion)) {
      throw new Error('the middleware answered an unexpected shape');
    }
    const versions = { termsVersion: body.termsVersion, privacyVersion: body.privacyVersion };
    kept = { versions, until: Date.now() + KEEP_MS };
    return versions;
  } catch (error) {
    // Versions read earlier stay valid while the middleware is briefly away.
    if (kept) return kept.versions;
    throw new Error('The current terms and privacy versions are not available from the middleware.', {
      cause: error,
    });
  }
}

/**
 * An invited colleague's acceptance (`POST /invitations/accept` with their token): the middleware adds
 * them to the CRM and the ERP and records the versions, after which they may order.
 */
export async function acceptInvitation(
  token: string,
  versions: PolicyVersions,
): Promise<'ok' | 'forbidden' | 'failed'> {
  const { middlewareUrl, middlewareApiKey } = getConfig();
  const response = await fetch(`${middlewareUrl}/invitations/accept`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-api-key': middlewareApiKey,
    },
    body: JSON.stringify({
      termsVersionApproved: versions.termsVersion,
      privacyVersionApproved: versions.privacyVersion,
    }),
    cache: 'no-store',
    signal: AbortSignal.timeout(10_000),
  });
  if (response.ok) return 'ok';
  console.warn(`[terms] the middleware answered ${response.status} to an invitation's acceptance`);
  return response.status === 403 || response.status === 409 ? 'forbidden' : 'failed';
}
