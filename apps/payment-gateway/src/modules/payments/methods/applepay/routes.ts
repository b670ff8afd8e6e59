import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { shopperContext } from '../../../../shared/context.ts';
import type { MerchantService } from '../../../merchants/service.ts';
import { createMerchantSession } from './merchant-validation.ts';

const sessionRequestSchema = z.object({
  displayName: z.string().min(1).max(64),
  domainName: z.string().min(1).max(253),
  initiative: z.string().min(1).max(32),
  merchantIdentifier: z.string().min(1).max(128),
});

/** Client API: `POST /v1/applePay/sessions?clientKey=` (merchant validation of the device wallet). */
export function applePaySessionRoutes(
  app: ServiceApp,
  deps: { tokenKey: Buffer; merchants: MerchantService; ownOrigin: string },
) {
  app.post(
    '/v1/applePay/sessions',
    {
      schema: {
        tags: ['client'],
        summary: 'Apple Pay merchant validation: a signed merchant session',
        body: sessionRequestSchema,
      },
    },
    async (request) => {
      const context = shopperContext(request);
      const grant = await deps.merchants.findClientKey(context.clientKey);
      const origins = [...(grant?.allowedOrigins ?? []), deps.ownOrigin];
      return createMerchantSession(context, deps.tokenKey, origins, request.body);
    },
  );
}
