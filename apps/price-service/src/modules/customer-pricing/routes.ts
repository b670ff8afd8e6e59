import { problemDetailsFormat, type ServiceApp, toHttpError } from '@actuate/service-kit';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { amountOf } from '../../shared/amounts.ts';
import { contextOf, priceCurrency, priceDateMs } from '../../shared/context.ts';
import { ProblemDetailsSchema } from '../../shared/models.ts';
import {
  FamilyPriceAnswer,
  FamilyPriceBody,
  FamilyPriceParams,
  SalesItemPriceAnswer,
  SalesPriceBody,
  SalesPriceParams,
} from './models.ts';
import type { CustomerPricingService } from './service.ts';

const tags = ['prices'];

/**
 * The family call alone answers an unexpected failure with a bare 500 (no body); its 4xx stay
 * problem details like everywhere else.
 */
function familyErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const httpError = toHttpError(error);
  if (httpError.status >= 500) {
    request.log.error({ err: error }, 'family price failed');
    return reply.status(500).send();
  }
  request.log.info({ code: httpError.code, status: httpError.status }, httpError.message);
  return reply
    .status(httpError.status)
    .type(problemDetailsFormat.contentType)
    .send(problemDetailsFormat.render(httpError, request));
}

export function customerPricingRoutes(app: ServiceApp, service: CustomerPricingService): void {
  app.post(
    '/price/product/:productFamily/salesprice/currency/:currency',
    {
      errorHandler: familyErrorHandler,
      schema: {
        tags,
        summary: 'Price range of a product family for a customer',
        description:
          'Cheapest and dearest unit price (quantity 1) of the family’s active sales items for the customer, in DKK or EUR. 404 unknown family or currency; 500 with no body on an unexpected failure.',
        params: FamilyPriceParams,
        body: FamilyPriceBody,
        response: {
          200: FamilyPriceAnswer,
          400: ProblemDetailsSchema,
          401: ProblemDetailsSchema,
          404: ProblemDetailsSchema,
        },
      },
    },
    async (request) => {
      const currency = priceCurrency(request.params.currency);
      const context = contextOf(request);
      const range = await service.familyPrice(context, {
        productFamily: request.params.productFamily,
        customer: request.body.customer,
        currency,
        atMs: priceDateMs(context, request.body.priceDate),
      });
      return {
        productId: request.params.productFamily,
        minPrice: amountOf(range.min, currency),
        maxPrice: amountOf(range.max, currency),
      };
    },
  );

  app.post(
    '/price/salesitem/:salesItemNumber/salesprice/currency/:currency',
    {
      schema: {
        tags,
        summary: 'Customer sales price of a sales item',
        description:
          'Unit price for the customer at the quantity, in DKK or EUR: net price agreement, else gross less the discount group; then the quantity break; then conversion at the dated rate. 404 unknown sales item, sales company or currency.',
        params: SalesPriceParams,
        body: SalesPriceBody,
        response: {
          200: SalesItemPriceAnswer,
          400: ProblemDetailsSchema,
          401: ProblemDetailsSchema,
          404: ProblemDetailsSchema,
        },
      },
    },
    async (request) => {
      const currency = priceCurrency(request.params.currency);
      const context = contextOf(request);
      const price = await service.salesPrice(context, {
        salesItemNumber: request.params.salesItemNumber,
        customer: request.body.customer,
        quantity: request.body.quantity,
        currency,
        atMs: priceDateMs(context, request.body.priceDate),
      });
      return { salesItemNumber: request.params.salesItemNumber, price: amountOf(price, currency) };
    },
  );
}
