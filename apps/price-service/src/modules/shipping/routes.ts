import { ShipMethodList } from '@actuate/contracts';
import type { ServiceApp } from '@actuate/service-kit';
import { contextOf } from '../../shared/context.ts';
import { ProblemDetailsSchema } from '../../shared/models.ts';
import type { ShipMethodService } from './service.ts';

export function shippingRoutes(app: ServiceApp, service: ShipMethodService): void {
  app.get(
    '/shipmethods',
    {
      schema: {
        tags: ['prices'],
        summary: 'The ship methods shipping is priced by, in the order they are offered',
        description:
          'Each with its name, description and business days to each destination country that has an estimate. The shipping price of an order comes from /ordercalculate.',
        response: { 200: ShipMethodList, 401: ProblemDetailsSchema },
      },
    },
    async (request) => ({
      shipMethods: (await service.list(contextOf(request))).map((method) => ({
        id: method.id,
        name: method.name,
        description: method.description,
        estimatedTransitDays: method.transitDays,
      })),
    }),
  );
}
