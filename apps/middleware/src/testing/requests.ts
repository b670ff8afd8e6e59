/** Calls to the middleware as its callers make them, for tests of this app and for system-tests. */

import { ocHash } from '@actuate/contracts/signatures';
import type { ServiceApp } from '@actuate/service-kit';
import { DEMO_SECRETS } from '../config.ts';

/** The key the platform signs its integration calls and webhooks with (demo configuration). */
export const HASH_KEY = DEMO_SECRETS.CHECKOUT_INTEGRATION_HASH_KEY;
export const adminKey = { 'x-api-key': DEMO_SECRETS.MIDDLEWARE_ADMIN_KEY };
/** The storefront's server's credential (registrations, payment sessions, ERP status with a buyer token). */
export const storefrontKey = { 'x-api-key': DEMO_SECRETS.MIDDLEWARE_STOREFRONT_KEY };

/** A signed JSON call to the middleware, as OrderCloud makes it. */
export function signedPost(app: ServiceApp, url: string, body: unknown, hashKey: string = HASH_KEY) {
  const raw = JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', 'x-oc-hash': ocHash(hashKey, raw) },
    payload: raw,
  });
}
