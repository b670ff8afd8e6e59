import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { shopperContext } from '../../shared/context.ts';
import { gatewayError } from '../../shared/errors.ts';
import { lookupBin } from '../cards/bin-lookup.ts';
import { type GatewayKeys, jweOpener } from '../crypto/service.ts';
import { decryptField } from '../payments/methods/card/encrypted-fields.ts';
import type { PaymentService } from '../payments/service.ts';

const binLookupSchema = z.looseObject({
  encryptedBin: z.string().min(1).max(8192),
  requestId: z.string().max(128).optional(),
  supportedBrands: z.array(z.string().max(64)).max(64).optional(),
  type: z.string().max(64).optional(),
});

const fingerprintSchema = z.looseObject({
  fingerprintResult: z.string().max(4096).optional(),
  paymentData: z.string().min(1).max(16_384),
});

/** Client API calls besides sessions and orders: binLookup, 3DS2 fingerprint, status (analytics: modules/risk). */
export function clientApiRoutes(app: ServiceApp, deps: { keys: GatewayKeys; payments: PaymentService }) {
  app.post(
    '/v3/bin/binLookup',
    { schema: { tags: ['client'], summary: 'Card brands for the first digits', body: binLookupSchema } },
    async (request) => {
      const context = shopperContext(request);
      const bin = await decryptField(
        jweOpener(deps.keys),
        'encryptedBin',
        request.body.encryptedBin,
        context.now,
      );
      if (!/^\d{4,8}$/.test(bin)) throw gatewayError.validation('encryptedBin must hold 4 to 8 digits.');
      return lookupBin(bin, request.body);
    },
  );

  app.post(
    '/v1/submitThreeDS2Fingerprint',
    { schema: { tags: ['client'], summary: '3DS2 fingerprint result', body: fingerprintSchema } },
    async (request) => {
      const context = shopperContext(request);
      return deps.payments.submitFingerprint(context.merchant, request.body);
    },
  );

  app.post(
    '/services/PaymentInitiation/v1/status',
    {
      schema: {
        tags: ['client'],
        summary: 'Status of an awaited payment',
        body: z.looseObject({ paymentData: z.string().min(1).max(16_384) }),
      },
    },
    async (request) => {
      const context = shopperContext(request);
      return deps.payments.awaitStatus(context.merchant, request.body.paymentData, context.now);
    },
  );
}
