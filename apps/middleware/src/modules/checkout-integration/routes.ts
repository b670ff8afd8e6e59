import {
  CHECKOUT_INTEGRATION_ROUTES,
  CheckoutIntegrationEvent,
  OrderCalculateResponse,
  OrderSubmitResponse,
  ShippingRatesResponse,
} from '@actuate/contracts';
import type { ServiceApp } from '@actuate/service-kit';
import { problems } from '../../shared/responses.ts';
import type { CheckoutEventType, CheckoutIntegrationService } from './service.ts';

const tags = ['checkout-integration'];
/** Bad body, bad signature, a company or item the middleware cannot price, a dependency down. */
const errors = problems(400, 401, 404, 422, 502);
const security = 'Signed by OrderCloud: `X-oc-hash` = Base64(HMAC-SHA256(HashKey, raw body)); 401 otherwise.';

/** The routes OrderCloud calls (register inside the `X-oc-hash` scope). */
export function checkoutIntegrationRoutes(app: ServiceApp, service: CheckoutIntegrationService): void {
  app.post(
    CHECKOUT_INTEGRATION_ROUTES.shippingRates,
    {
      schema: {
        tags,
        summary: 'Ship estimates: every ship method serving the ship-to, cost in the order currency',
        description: security,
        body: CheckoutIntegrationEvent,
        response: { 200: ShippingRatesResponse, ...errors },
      },
    },
    async (request) => service.shippingRates(request.body),
  );

  app.post(
    CHECKOUT_INTEGRATION_ROUTES.orderCalculate,
    {
      schema: {
        tags,
        summary: 'Prices every line, shipping and VAT through the price service',
        description: security,
        body: CheckoutIntegrationEvent,
        response: { 200: OrderCalculateResponse, ...errors },
      },
    },
    async (request) => service.orderCalculate(request.body),
  );

  const events: [string, CheckoutEventType, string][] = [
    [
      CHECKOUT_INTEGRATION_ROUTES.orderSubmit,
      'OrderSubmit',
      'The order was submitted: ERP submission follows',
    ],
    [
      CHECKOUT_INTEGRATION_ROUTES.orderSubmitForApproval,
      'OrderSubmitForApproval',
      'The order awaits approval: recorded, nothing sent to the ERP yet',
    ],
    [
      CHECKOUT_INTEGRATION_ROUTES.orderApproved,
      'OrderApproved',
      'The order was approved: ERP submission follows',
    ],
  ];
  for (const [path, type, summary] of events) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary,
          description: security,
          body: CheckoutIntegrationEvent,
          response: { 200: OrderSubmitResponse, ...problems(400, 401) },
        },
      },
      async (request) => {
        const row = await service.recordEvent(type, request.body);
        return { xp: { MiddlewareEventID: row.id } };
      },
    );
  }
}
