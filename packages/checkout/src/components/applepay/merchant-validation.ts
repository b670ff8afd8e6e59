import type { Checkout } from '../../core/checkout.ts';
import { http, withQuery } from '../../core/http.ts';

/** The device wallet's error texts (spec §8, Wallets). */
export const APPLE_PAY_ERRORS = {
  serviceFailed: 'ApplePay - Something went wrong on ApplePayService',
  dismissed: 'ApplePay UI dismissed',
  decodeFailed: 'Could not decode Apple Pay session',
  sessionFailed: 'Could not get Apple Pay session',
  insecure: 'Trying to start an Apple Pay session from an insecure document',
  noClientKey: 'clientKey was not provided',
  notAvailable: 'Apple Pay is not available on this device',
  expressOnly:
    'ApplePay - the onShippingContactSelected and onShippingMethodSelected callbacks need "isExpress": true',
} as const;

/** base64 → UTF-8 text, or undefined when it is not base64. */
function decodeBase64(data: unknown): string | undefined {
  if (typeof data !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(data)) return undefined;
  try {
    const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The gateway's merchant validation (`v1/applePay/sessions?clientKey=`): its `data` is base64 of the
 * merchant session's JSON. Rejects with the reference's texts, which the component reports.
 */
export async function fetchMerchantSession(
  checkout: Checkout,
  options: {
    configuration?: { merchantId?: string; merchantName?: string };
    initiative?: string;
    domainName?: string;
  },
): Promise<unknown> {
  if (!checkout.clientKey) throw APPLE_PAY_ERRORS.noClientKey;
  let response: { data?: unknown };
  try {
    response = await http<{ data?: unknown }>(
      withQuery(`${checkout.loadingContext}v1/applePay/sessions`, { clientKey: checkout.clientKey }),
      {
        body: {
          displayName: options.configuration?.merchantName,
          domainName: options.domainName ?? window.location.hostname,
          initiative: options.initiative ?? 'web',
          merchantIdentifier: options.configuration?.merchantId,
        },
      },
    );
  } catch {
    throw APPLE_PAY_ERRORS.sessionFailed;
  }
  const decoded = decodeBase64(response.data);
  if (decoded === undefined) throw APPLE_PAY_ERRORS.decodeFailed;
  try {
    return JSON.parse(decoded) as unknown;
  } catch {
    throw APPLE_PAY_ERRORS.decodeFailed;
  }
}
