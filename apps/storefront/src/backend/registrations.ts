import { getConfig } from '../config';

/*
 * Registrations at the middleware: `POST /registrations` creates a pending user and company and
 * registers them in the CRM (with an existing company's VAT number it is a join request: the user
 * cannot sign in until the company's administrator approves); `GET /registrations/{id}` tells how far it got; `GET /registrations/me`
 * does the same for the signed-in (pending) user.
 */

export interface Registration {
  readonly ID: string;
  readonly Status: 'Pending' | 'AwaitingApproval' | 'Complete' | 'Failed' | 'Declined' | 'Expired' | string;
  readonly Email?: string;
  readonly CompanyName?: string;
  /** Why it failed, or the reason a join request was declined. */
  readonly Message?: string | null;
  /** A join request's deadline for the company administrator's decision. */
  readonly ExpiresAt?: string | null;
  readonly DateCreated?: string;
  readonly DateCompleted?: string | null;
}

export interface RegistrationRequest {
  readonly companyName: string;
  readonly vatNumber: string;
  readonly country: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone?: string;
  readonly password: string;
  readonly locale: 'en' | 'da' | 'de';
  readonly termsVersionApproved: number;
  readonly privacyVersionApproved: number;
}

export type RegistrationRefusal =
  | 'conflict'
  | 'termsNotCurrent'
  | 'countryNotServed'
  | 'vatCountryMismatch'
  | 'tooMany'
  | 'invalid'
  | 'unavailable';

export type RegisterResult =
  | { readonly ok: true; readonly registration: Registration }
  | { readonly ok: false; readonly reason: RegistrationRefusal };

const TIMEOUT_MS = 10_000;

/** Maps the middleware's problem `type`/status to what the form tells the buyer. */
export function refusalOf(status: number, problemType: string | undefined): RegistrationRefusal {
  const code = problemType?.split(':').pop() ?? '';
  if (status === 409) return 'conflict';
  if (status === 429) return 'tooMany';
  if (status === 422) {
    if (code === 'terms-not-current' || code === 'privacy-not-current') return 'termsNotCurrent';
    if (code === 'country-not-served') return 'countryNotServed';
    if (code === 'vat-country-mismatch') return 'vatCountryMismatch';
    return 'invalid';
  }
  if (status === 400) return 'invalid';
  return 'unavailable';
}

export async function register(request: RegistrationRequest): Promise<RegisterResult> {
  let response: Response;
  try {
    response = await fetch(`${getConfig().middlewareUrl}/registrations`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-api-key': getConfig().middlewareApiKey,
      },
      body: JSON.stringify(request),
      cache: 'no-store',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { ok: false, reason: 'unavailable' };
  }
  const body = (await response.json().catch(() => undefined)) as
    | (Registration & { type?: string })
    | undefined;
  if (response.ok && body?.ID) return { ok: true, registration: body };
  return { ok: false, reason: refusalOf(response.status, body?.type) };
}

async function read(path: string, token?: string): Promise<Registration | undefined> {
  try {
    const response = await fetch(`${getConfig().middlewareUrl}${path}`, {
      headers: {
        accept: 'application/json',
        'x-api-key': getConfig().middlewareApiKey,
        ...(token && { authorization: `Bearer ${token}` }),
      },
      cache: 'no-store',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return undefined;
    return (await response.json()) as Registration;
  } catch {
    return undefined;
  }
}

export function getRegistration(id: string): Promise<Registration | undefined> {
  if (!/^[0-9a-fA-F-]{36}$/.test(id)) return Promise.resolve(undefined);
  return read(`/registrations/${id}`);
}

/** The signed-in user's own registration, if they registered through the storefront. */
export function getMyRegistration(token: string): Promise<Registration | undefined> {
  return read('/registrations/me', token);
}
