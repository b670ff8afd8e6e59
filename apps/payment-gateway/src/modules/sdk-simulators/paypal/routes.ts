import type { ServiceApp } from '@actuate/service-kit';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { SANDBOX_BUYERS, type SandboxBuyer, type SandboxPayPalOrders } from './orders.ts';

const params = z.object({ orderID: z.string().min(1).max(512) });
const schema = { tags: ['sandbox'], params };
const buyers = Object.keys(SANDBOX_BUYERS) as [SandboxBuyer, ...SandboxBuyer[]];

/**
 * The PayPal simulator's order endpoints, called by its pop-up from the merchant's page. The order id
 * (a token the gateway signed) is the only credential, as a PayPal order id is for its pop-up; bodies
 * are form-encoded so the cross-origin calls need no preflight.
 */
export function paypalSimulatorRoutes(app: ServiceApp, orders: SandboxPayPalOrders) {
  const anyOrigin = (reply: FastifyReply) => reply.header('Access-Control-Allow-Origin', '*');

  app.get(
    '/sdk-simulators/paypal/orders/:orderID',
    { schema: { ...schema, summary: 'PayPal simulator: the order its pop-up shows' } },
    async (request, reply) => {
      anyOrigin(reply);
      return orders.describe(request.params.orderID);
    },
  );

  app.post(
    '/sdk-simulators/paypal/orders/:orderID/approve',
    {
      schema: {
        ...schema,
        summary: 'PayPal simulator: the shopper approves the order with a sandbox buyer account',
        body: z.object({ buyer: z.enum(buyers).default('standard') }).default({ buyer: 'standard' }),
      },
    },
    async (request, reply) => {
      anyOrigin(reply);
      return orders.approve(request.params.orderID, request.body.buyer);
    },
  );

  app.post(
    '/sdk-simulators/paypal/orders/:orderID/cancel',
    { schema: { ...schema, summary: 'PayPal simulator: the shopper cancels in the pop-up' } },
    async (request, reply) => {
      anyOrigin(reply);
      await orders.cancel(request.params.orderID);
      return { orderID: request.params.orderID };
    },
  );

  app.post(
    '/sdk-simulators/paypal/orders/:orderID/shipping',
    {
      schema: {
        ...schema,
        summary: 'PayPal simulator (express): the shopper picks a shipping option',
        body: z.object({ option: z.string().min(1).max(64) }),
      },
    },
    async (request, reply) => {
      anyOrigin(reply);
      return orders.chooseShipping(request.params.orderID, request.body.option);
    },
  );
}
