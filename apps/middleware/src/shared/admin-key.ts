import { callerOfKey, requireApiKey, unauthorized } from '@actuate/service-kit';

/** The `x-api-key` credentials of the middleware's callers (other than the platform, which signs). */
export interface CallerKeys {
  /** MIDDLEWARE_ADMIN_KEY: operator endpoints, and everything the storefront may call. */
  operator: string;
  /** MIDDLEWARE_STOREFRONT_KEY: the storefront's server (registrations, payment sessions, ERP status). */
  storefront: string;
}

const refuse = (detail: string) => () => unauthorized('invalid-api-key', detail);

/** A hook requiring the operator API key in `x-api-key` (compared in constant time). */
export const requireAdminKey = (adminKey: string) =>
  requireApiKey({ operator: adminKey }, { refuse: refuse('Send the middleware admin key in x-api-key.') });

/** A hook requiring the storefront's service key (or the operator's) in `x-api-key`. */
export const requireStorefrontKey = (keys: CallerKeys) =>
  requireApiKey(
    { storefront: keys.storefront, operator: keys.operator },
    { refuse: refuse('Send the storefront’s service key in x-api-key.') },
  );

/** Which caller an `x-api-key` header belongs to, if any. */
export const callerOf = (keys: CallerKeys, header: string | string[] | undefined) =>
  callerOfKey({ storefront: keys.storefront, operator: keys.operator }, header) as
    | keyof CallerKeys
    | undefined;
