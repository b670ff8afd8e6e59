import { baseContext, type ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { problems } from '../../shared/responses.ts';
import type { AddressSyncService } from './service.ts';

export const ADDRESS_CHANGED_PATH = '/webhooks/address-changed';

/** OrderCloud's post-hook payload, as far as this hook reads it (the rest passes through). */
const AddressChangedPayload = z.looseObject({
  Route: z.enum([
    'v1/me/addresses',
    'v1/me/addresses/{addressID}',
    'v1/buyers/{buyerID}/addresses',
    'v1/buyers/{buyerID}/addresses/{addressID}',
  ]),
  RouteParams: z.looseObject({
    buyerID: z.string().min(1).max(256).optional(),
    addressID: z.string().min(1).max(256).optional(),
  }),
  Verb: z.enum(['POST', 'PUT', 'PATCH']),
  UserToken: z.string().max(8192).nullish(),
  Response: z
    .looseObject({ Body: z.looseObject({ ID: z.string().max(256).optional() }).nullish() })
    .optional(),
});

const AddressChangedAnswer = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('accepted'), addressId: z.string() }),
  z.object({ outcome: z.literal('ignored'), reason: z.string() }),
]);

/** The address post-hook (register inside the `X-oc-hash` scope). */
export function addressRoutes(app: ServiceApp, service: AddressSyncService): void {
  app.post(
    ADDRESS_CHANGED_PATH,
    {
      schema: {
        tags: ['addresses'],
        summary: 'Post-hook of shop address writes: send the address to the ERP',
        description:
          'OrderCloud webhook payload signed with `X-oc-hash`. Acknowledged at once: a job sends the address to the ERP (idempotent by the shop’s address id), writes the ERP id and validity onto the platform address and re-submits orders that waited for it.',
        body: AddressChangedPayload,
        response: { 200: AddressChangedAnswer, ...problems(400, 401, 422) },
      },
    },
    (request) => service.addressChanged(baseContext(request), request.body),
  );
}
