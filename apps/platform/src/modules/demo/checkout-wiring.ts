/**
 * Connects the platform to the middleware (middleware README, "Connecting the platform"): the
 * OrderCheckout integration event on the storefront's API client, the pre-submit webhook and the
 * post-hook that tells the middleware about cancelled and declined orders.
 * Ensured at every start, so a changed MIDDLEWARE_URL or hash key takes effect on restart.
 */
import type { FastifyBaseLogger } from 'fastify';
import { STOREFRONT_CLIENT_ID } from '../auth/bootstrap.ts';
import type { AuthService } from '../auth/service.ts';
import type { IntegrationsService } from '../integrations/service.ts';
import { systemContext } from './context.ts';

export const CHECKOUT_EVENT_ID = 'checkout';
export const PRE_SUBMIT_WEBHOOK_ID = 'presubmit';
export const DEFAULT_MIDDLEWARE_URL = 'http://localhost:4100';
export const SUBMIT_ROUTE = 'v1/orders/{direction}/{orderID}/submit';
export const ORDER_CANCELLED_WEBHOOK_ID = 'ordercancelled';
export const CANCEL_ROUTE = 'v1/orders/{direction}/{orderID}/cancel';
export const DECLINE_ROUTE = 'v1/orders/{direction}/{orderID}/decline';
export const ADDRESS_CHANGED_WEBHOOK_ID = 'addresschanged';
export const PROFILE_CHANGED_WEBHOOK_ID = 'profilechanged';

export interface MiddlewareWiring {
  middlewareUrl: string;
  hashKey: string;
}

/**
 * Wire only when asked: a configured MIDDLEWARE_URL, or a demo start (seeding on) that expects the
 * middleware at its default address. A platform built alone (tests) stays unconnected.
 */
export function middlewareWiringOf(config: {
  MIDDLEWARE_URL?: string | undefined;
  SEED_DEMO_DATA: boolean;
  CHECKOUT_INTEGRATION_HASH_KEY: string;
}): MiddlewareWiring | undefined {
  const middlewareUrl = config.MIDDLEWARE_URL ?? (config.SEED_DEMO_DATA ? DEFAULT_MIDDLEWARE_URL : undefined);
  if (!middlewareUrl) return undefined;
  return { middlewareUrl: middlewareUrl.replace(/\/+$/, ''), hashKey: config.CHECKOUT_INTEGRATION_HASH_KEY };
}

export async function ensureMiddlewareWiring(
  services: { integrations: IntegrationsService; auth: AuthService },
  wiring: MiddlewareWiring,
  log: FastifyBaseLogger,
): Promise<void> {
  const { integrations, auth } = services;
  await integrations.events.save(CHECKOUT_EVENT_ID, {
    Name: 'Actuate middleware checkout',
    EventType: 'OrderCheckout',
    CustomImplementationUrl: wiring.middlewareUrl,
    HashKey: wiring.hashKey,
    ElevatedRoles: [],
  });
  await auth.apiClients.patch(systemContext(log), STOREFRONT_CLIENT_ID, {
    OrderCheckoutIntegrationEventID: CHECKOUT_EVENT_ID,
  });
  await integrations.webhooks.save(PRE_SUBMIT_WEBHOOK_ID, {
    Name: 'Actuate middleware pre-submit check',
    Url: `${wiring.middlewareUrl}/webhooks/presubmit`,
    HashKey: wiring.hashKey,
    BeforeProcessRequest: true,
    ApiClientIDs: [],
    WebhookRoutes: [{ Route: SUBMIT_ROUTE, Verb: 'POST' }],
  });
  // After the fact (a post-hook): the middleware voids the card payment and cancels the ERP order.
  await integrations.webhooks.save(ORDER_CANCELLED_WEBHOOK_ID, {
    Name: 'Actuate middleware order cancelled or declined',
    Url: `${wiring.middlewareUrl}/webhooks/order-cancelled`,
    HashKey: wiring.hashKey,
    BeforeProcessRequest: false,
    ApiClientIDs: [],
    WebhookRoutes: [
      { Route: CANCEL_ROUTE, Verb: 'POST' },
      { Route: DECLINE_ROUTE, Verb: 'POST' },
    ],
  });
  // Addresses the buyers add or edit in the shop go to the ERP. Only the storefront's writes: the
  // middleware's own write of the ERP id must not come back as another change.
  await integrations.webhooks.save(ADDRESS_CHANGED_WEBHOOK_ID, {
    Name: 'Actuate middleware shop address changed',
    Url: `${wiring.middlewareUrl}/webhooks/address-changed`,
    HashKey: wiring.hashKey,
    BeforeProcessRequest: false,
    ApiClientIDs: [STOREFRONT_CLIENT_ID],
    WebhookRoutes: [
      { Route: 'v1/me/addresses', Verb: 'POST' },
      { Route: 'v1/me/addresses/{addressID}', Verb: 'PUT' },
      { Route: 'v1/me/addresses/{addressID}', Verb: 'PATCH' },
      { Route: 'v1/buyers/{buyerID}/addresses', Verb: 'POST' },
      { Route: 'v1/buyers/{buyerID}/addresses/{addressID}', Verb: 'PUT' },
      { Route: 'v1/buyers/{buyerID}/addresses/{addressID}', Verb: 'PATCH' },
    ],
  });
  // A buyer's profile change (name, phone, language) goes to the CRM contact.
  await integrations.webhooks.save(PROFILE_CHANGED_WEBHOOK_ID, {
    Name: 'Actuate middleware profile changed',
    Url: `${wiring.middlewareUrl}/webhooks/profile-changed`,
    HashKey: wiring.hashKey,
    BeforeProcessRequest: false,
    ApiClientIDs: [STOREFRONT_CLIENT_ID],
    WebhookRoutes: [
      { Route: 'v1/me', Verb: 'PUT' },
      { Route: 'v1/me', Verb: 'PATCH' },
    ],
  });
  log.info(
    { middlewareUrl: wiring.middlewareUrl },
    'checkout integration, pre-submit, order-cancelled, address and profile webhooks ensured',
  );
}
