import { PriceBreak } from '@actuate/contracts';
import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { crudRoutes } from '../../shared/crud.ts';
import { contextOf, requireRoles } from '../auth/guard.ts';
import type { PricesService } from './service.ts';

export function priceRoutes(app: ServiceApp, prices: PricesService): void {
  const tags = ['price schedules'];
  const writeRoles = ['PriceScheduleAdmin'];
  const params = z.object({ priceScheduleID: z.string() });
  // The SDK's SavePriceBreak / DeletePriceBreak (path spelled as OrderCloud does).
  app.post(
    '/v1/priceschedules/:priceScheduleID/PriceBreaks',
    { ...requireRoles(...writeRoles), schema: { tags, params, body: PriceBreak } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await prices.savePriceBreak(contextOf(request), request.params.priceScheduleID, request.body)),
  );
  app.delete(
    '/v1/priceschedules/:priceScheduleID/PriceBreaks',
    {
      ...requireRoles(...writeRoles),
      schema: {
        tags,
        params,
        querystring: z.object({ quantity: z.string().regex(/^\d+$/, 'quantity is a whole number') }),
      },
    },
    async (request, reply) => {
      const quantity = Number(request.query.quantity);
      await prices.deletePriceBreak(contextOf(request), request.params.priceScheduleID, quantity);
      return reply.status(204).send();
    },
  );
  crudRoutes(app, prices.store, {
    path: '/v1/priceschedules',
    idParam: 'priceScheduleID',
    readRoles: ['PriceScheduleAdmin', 'PriceScheduleReader'],
    writeRoles,
    tags,
  });
}
