import { API_KEY_HEADER, requireApiKey, type ServiceApp, unauthorized } from '@actuate/service-kit';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contextOf } from '../../shared/context.ts';
import { ProblemDetailsSchema } from '../../shared/models.ts';
import {
  AdminAnswer,
  DiscountGroupsBody,
  ExchangeRatesBody,
  FamiliesBody,
  MarkupsBody,
  NetPricesBody,
  PriceListsBody,
  QuantityBreaksBody,
  SalesItemsBody,
  ShipMethodsBody,
  VatRatesBody,
} from './models.ts';
import type { AdminService } from './service.ts';

export const ADMIN_KEY_HEADER = API_KEY_HEADER;

/** onRequest guard: the `x-api-key` header must equal the configured admin key (constant time). */
export const adminGuard = (adminKey: string) =>
  requireApiKey(
    { admin: adminKey },
    {
      refuse: () =>
        unauthorized('invalid-api-key', `The ${ADMIN_KEY_HEADER} header is missing or wrong.`, {
          header: ADMIN_KEY_HEADER,
        }),
    },
  );

const responses = {
  200: AdminAnswer,
  400: ProblemDetailsSchema,
  401: ProblemDetailsSchema,
  422: ProblemDetailsSchema,
};

export function adminRoutes(app: ServiceApp, service: AdminService, adminKey: string): void {
  const onRequest = adminGuard(adminKey);
  const headers = z.object({
    [ADMIN_KEY_HEADER]: z.string().describe('The admin API key (PRICE_SERVICE_ADMIN_KEY)'),
  });
  const tags = ['admin'];

  app.get(
    '/admin/version',
    {
      onRequest,
      schema: {
        tags,
        headers,
        summary: 'Current price-catalog version',
        response: { 200: z.object({ version: z.number() }), 401: ProblemDetailsSchema },
      },
    },
    async (request) => ({ version: await service.version(contextOf(request)) }),
  );

  const upsert = <B extends z.ZodType>(
    path: string,
    summary: string,
    body: B,
    handler: (request: FastifyRequest, body: z.output<B>) => Promise<{ version: number; upserted: number }>,
  ) => {
    app.post(
      path,
      { onRequest, schema: { tags, headers, summary, body, response: responses } },
      async (request) => handler(request, request.body as z.output<B>),
    );
  };

  upsert(
    '/admin/price-lists',
    'Upsert gross price lists (id, DKK, validity)',
    PriceListsBody,
    (request, body) => service.priceLists(contextOf(request), body),
  );
  upsert('/admin/families', 'Upsert product families (group, base price)', FamiliesBody, (request, body) =>
    service.families(contextOf(request), body),
  );
  upsert('/admin/markups', 'Upsert option markups of families', MarkupsBody, (request, body) =>
    service.markups(contextOf(request), body),
  );
  upsert('/admin/sales-items', 'Upsert sales items with their gross price', SalesItemsBody, (request, body) =>
    service.salesItems(contextOf(request), body),
  );
  upsert('/admin/discount-groups', 'Upsert discount groups', DiscountGroupsBody, (request, body) =>
    service.discountGroups(contextOf(request), body),
  );
  upsert('/admin/net-prices', 'Upsert net price agreements', NetPricesBody, (request, body) =>
    service.netPrices(contextOf(request), body),
  );
  upsert('/admin/quantity-breaks', 'Replace quantity-break schedules', QuantityBreaksBody, (request, body) =>
    service.quantityBreaks(contextOf(request), body),
  );
  upsert('/admin/exchange-rates', 'Upsert dated DKK/EUR exchange rates', ExchangeRatesBody, (request, body) =>
    service.exchangeRates(contextOf(request), body),
  );
  upsert('/admin/vat-rates', 'Upsert VAT rates per country', VatRatesBody, (request, body) =>
    service.vatRates(contextOf(request), body),
  );
  upsert(
    '/admin/ship-methods',
    'Replace ship methods with their weight bands',
    ShipMethodsBody,
    (request, body) => service.shipMethods(contextOf(request), body),
  );
}
