import type { Database } from '@actuate/service-kit';
import type { AddressesService } from '../addresses/service.ts';
import type { BuyersService } from '../buyers/service.ts';
import type { IntegrationsService } from '../integrations/service.ts';
import type { SubscriptionOrdersService } from '../orders/index.ts';
import type { SpendingService } from '../spending/service.ts';
import type { UsersService } from '../users/service.ts';
import { SubscriptionIntegrationService } from './integration.ts';
import { SubscriptionItemsService } from './items.ts';
import { SubscriptionRuns } from './runs.ts';
import { SubscriptionAccess } from './subscription-access.ts';
import { SubscriptionsService } from './subscriptions-service.ts';

/** The services of other modules that subscriptions build on. */
export interface SubscriptionDependencies {
  users: UsersService;
  buyers: BuyersService;
  addresses: AddressesService;
  spending: SpendingService;
  integrations: IntegrationsService;
  /** What orders offer subscriptions: priced items, the order of a run, its worksheet. */
  orders: SubscriptionOrdersService;
}

/** What subscriptions ask of modules built around them, given at construction. */
export interface SubscriptionPorts {
  /** OrderCloudAccessToken: a five-minute OrderAdmin token of the integration client's DefaultContextUser. */
  contextUserToken(clientId: string, now: Date): Promise<string | undefined>;
  /** The checkout integration event of an API client (an integration client must not have one). */
  checkoutEventIdOf(clientId: string): Promise<string | undefined>;
  /** Whether the buyer user may pay with a saved card: their own or one assigned to them. */
  creditCardUsableBy(buyerId: string, userId: string, cardId: string): Promise<boolean>;
}

/** The subscription services, one per concern, on one shared read core (`SubscriptionAccess`). */
export function createSubscriptionModule(
  db: Database,
  deps: SubscriptionDependencies,
  ports: SubscriptionPorts,
) {
  const access = new SubscriptionAccess(db, deps.users, deps.buyers);
  return {
    access,
    subscriptions: new SubscriptionsService(
      db,
      access,
      deps.users,
      deps.addresses,
      deps.spending,
      (...args) => ports.creditCardUsableBy(...args),
    ),
    items: new SubscriptionItemsService(db, access, deps.addresses, deps.orders),
    integration: new SubscriptionIntegrationService(db, (clientId) => ports.checkoutEventIdOf(clientId)),
    runs: new SubscriptionRuns(db, access, deps.users, deps.integrations, deps.orders, (clientId, now) =>
      ports.contextUserToken(clientId, now),
    ),
  };
}

export type SubscriptionModule = ReturnType<typeof createSubscriptionModule>;
