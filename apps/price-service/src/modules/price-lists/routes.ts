import type { ServiceApp } from '@actuate/service-kit';
import { amountOf } from '../../shared/amounts.ts';
import { contextOf } from '../../shared/context.ts';
import { ProblemDetailsSchema } from '../../shared/models.ts';
import { GrossPriceAnswer, GrossPriceBody, GrossPriceParams } from './models.ts';
import type { GrossPriceService } from './service.ts';

export function priceListRoutes(app: ServiceApp, service: GrossPriceService): void {
  app.post(
    '/price/salesitem/:salesItemNumber/grossprice',
    {
      schema: {
        tags: ['prices'],
        summary: 'Gross price of a configuration, in DKK',
        description:
          'The sales item’s gross list price with the chosen options’ markups swapped in (base price + Σ option markups). 400 bad request, malformed JSON or an option the family does not offer; 404 unknown sales item or a currency without a gross price list.',
        params: GrossPriceParams,
        body: GrossPriceBody,
        response: {
          200: GrossPriceAnswer,
          400: ProblemDetailsSchema,
          401: ProblemDetailsSchema,
          404: ProblemDetailsSchema,
        },
      },
    },
    async (request) => {
      const gross = await service.grossPrice(contextOf(request), {
        salesItemNumber: request.params.salesItemNumber,
        options: request.body.options,
        currency: request.body.currency,
      });
      return {
        salesItemNumber: request.params.salesItemNumber,
        price: amountOf(gross.price, 'DKK'),
        basePrice: amountOf(gross.basePrice, 'DKK'),
        markupPrice: amountOf(gross.markupPrice, 'DKK'),
      };
    },
  );
}
