import { CheckoutError, IMPLEMENTATION_ERRORS } from './errors.ts';

/** All URL roots are resolved here, once: components never build them by string matching. */
export interface ResolvedEnvironment {
  /** The gateway's client API root, always ending with "/". */
  loadingContext: string;
  /** The gateway origin: the only origin secured fields, risk and 3DS2 messages may come from. */
  origin: string;
}

export function resolveEnvironment(environmentUrl: string | undefined): ResolvedEnvironment {
  if (!environmentUrl)
    throw new CheckoutError('IMPLEMENTATION_ERROR', IMPLEMENTATION_ERRORS.noLoadingContext);
  let url: URL;
  try {
    url = new URL(environmentUrl);
  } catch {
    throw new CheckoutError('IMPLEMENTATION_ERROR', IMPLEMENTATION_ERRORS.invalidCdnUrl);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new CheckoutError('IMPLEMENTATION_ERROR', IMPLEMENTATION_ERRORS.invalidCdnUrl);
  }
  const loadingContext = url.href.endsWith('/') ? url.href : `${url.href}/`;
  return { loadingContext, origin: url.origin };
}

/**
 * A payment method's logo (`images/logos/{type}.svg`), or one of its issuers' (`…/{type}/{issuer}.svg`),
 * from the gateway, as Adyen's web SDK lays out its image paths.
 */
export function logoUrl(loadingContext: string, type: string, issuer?: string): string {
  const path = issuer
    ? `${encodeURIComponent(type)}/${encodeURIComponent(issuer)}`
    : encodeURIComponent(type);
  return `${loadingContext}images/logos/${path}.svg`;
}
