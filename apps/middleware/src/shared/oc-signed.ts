/**
 * An encapsulated scope for the routes OrderCloud calls (checkout integration, webhooks): the raw
 * body is kept and `X-oc-hash` must be its Base64 HMAC-SHA256 under the HashKey, else 401 and
 * nothing happens. Checked before validation, so an unsigned body is never even interpreted.
 */
import { ORDERCLOUD_HASH_HEADER } from '@actuate/contracts';
import { verifyOcHash } from '@actuate/contracts/signatures';
import { type ServiceApp, unauthorized } from '@actuate/service-kit';
import { keepRawJsonBody } from './raw-body.ts';

export async function registerOcSignedRoutes(
  app: ServiceApp,
  hashKey: string,
  register: (scope: ServiceApp) => void | Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    keepRawJsonBody(scope);
    scope.addHook('preValidation', async (request) => {
      const header = request.headers[ORDERCLOUD_HASH_HEADER];
      const value = Array.isArray(header) ? header[0] : header;
      if (!verifyOcHash(hashKey, request.rawBody ?? '', value)) {
        throw unauthorized('invalid-signature', 'X-oc-hash does not match the request body.');
      }
    });
    await register(scope as unknown as ServiceApp);
  });
}
