import type { ServiceApp } from '@actuate/service-kit';
import { amountOf } from '../../shared/amounts.ts';
import { contextOf } from '../../shared/context.ts';
import { ProblemDetailsSchema } from '../../shared/models.ts';
import { CalculatedOrderAnswer, OrderCalculateBody } from './models.ts';
import type { OrderCalculationService } from './service.ts';

export function orderCalculationRoutes(app: ServiceApp, service: OrderCalculationService): void {
  app.post(
    '/ordercalculate',
    {
      // The answer is built below from typed integer amounts; its schema documents it (OpenAPI) and the
      // tests parse every answer with the contract's CalculatedOrder. Re-validating 500 amounts per
      // answer in the serializer cost ~5 % of the throughput, so this route serialises directly.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: ['prices'],
        summary: 'Calculate an order: line prices, VAT, shipping',
        description:
          'Prices every line for the customer, decides VAT (DK 25 %, DE 19 %, EU reverse charge 0 %, export 0 %) and the shipping price by ship method and total weight with VAT on shipping. 400 invalid body; 404 unknown sales item, sales company, tax group or ship method; 422 a country without VAT data, not served, or too heavy for the ship method.',
        body: OrderCalculateBody,
        response: {
          200: CalculatedOrderAnswer,
          400: ProblemDetailsSchema,
          401: ProblemDetailsSchema,
          404: ProblemDetailsSchema,
          422: ProblemDetailsSchema,
        },
      },
    },
    async (request) => {
      const result = await service.calculate(contextOf(request), request.body);
      const money = (minor: number) => amountOf(minor, result.currency);
      return {
        shippingPrice: money(result.shippingPrice),
        shippingVat: money(result.shippingVat),
        totalShipping: money(result.totalShipping),
        lines: result.lines.map((line) => ({
          lineId: line.lineId,
          quantity: line.quantity,
          price: money(line.price),
          tax: money(line.tax),
          taxTotal: money(line.taxTotal),
          total: money(line.total),
        })),
      };
    },
  );
}
