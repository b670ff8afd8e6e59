import { fileURLToPath } from 'node:url';
import {
  createService,
  type DatabaseHandle,
  type QueueDefinition,
  type Seeder,
  type ServiceApp,
  seedOnce,
} from '@actuate/service-kit';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import { addressRoutes } from './modules/addresses/routes.ts';
import { AddressesService } from './modules/addresses/service.ts';
import { approvalRoutes } from './modules/approvals/routes.ts';
import { ApprovalsService } from './modules/approvals/service.ts';
import { ensurePlatformBasics, MIDDLEWARE_CLIENT_ID } from './modules/auth/bootstrap.ts';
import { confineBuyerUsers, installAuthentication } from './modules/auth/guard.ts';
import { LoginThrottle } from './modules/auth/login-throttle.ts';
import { FieldOwnership } from './modules/auth/ownership.ts';
import { TokenRevocations } from './modules/auth/revocations.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { AuthService } from './modules/auth/service.ts';
import { loadSigningKey, TokenSigner } from './modules/auth/tokens.ts';
import { buyerRoutes } from './modules/buyers/routes.ts';
import { BuyersService } from './modules/buyers/service.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { CartService } from './modules/cart/service.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { CatalogService } from './modules/catalog/service.ts';
import { costCenterRoutes } from './modules/costcenters/routes.ts';
import { CostCentersService } from './modules/costcenters/service.ts';
import { creditCardRoutes } from './modules/creditcards/routes.ts';
import { CreditCardsService } from './modules/creditcards/service.ts';
import { ensureMiddlewareWiring, middlewareWiringOf } from './modules/demo/checkout-wiring.ts';
import { demoWorldSeeder } from './modules/demo/seeder.ts';
import { incrementorRoutes } from './modules/incrementors/routes.ts';
import { IncrementorsService } from './modules/incrementors/service.ts';
import { installPostHooks, webhookDeliveryQueue } from './modules/integrations/post-hooks.ts';
import { integrationRoutes } from './modules/integrations/routes.ts';
import { IntegrationsService } from './modules/integrations/service.ts';
import {
  cartsOfUpdatedUser,
  checkoutNotificationQueue,
  createOrderModule,
  type OrderModule,
  orderPromotionRoutes,
  orderRoutes,
  ordersOfMovingUser,
  ShipmentsService,
  shipmentRoutes,
} from './modules/orders/index.ts';
import { passwordResetRoutes } from './modules/password-reset/routes.ts';
import { forgottenPasswordQueue, PasswordResetService } from './modules/password-reset/service.ts';
import { priceRoutes } from './modules/prices/routes.ts';
import { PricesService } from './modules/prices/service.ts';
import { promotionRoutes } from './modules/promotions/routes.ts';
import { PromotionsService } from './modules/promotions/service.ts';
import { spendingRoutes } from './modules/spending/routes.ts';
import { SpendingService } from './modules/spending/service.ts';
import {
  createSubscriptionModule,
  everyMinutes,
  SUBSCRIPTION_RUN_QUEUE,
  type SubscriptionModule,
  subscriptionRoutes,
  subscriptionRunQueue,
} from './modules/subscriptions/index.ts';
import { userRoutes } from './modules/users/routes.ts';
import { UsersService } from './modules/users/service.ts';
import { orderCloudErrorFormat } from './shared/errors.ts';
import { Generations } from './shared/generations.ts';
import { acceptEmptyJsonBodies } from './shared/json-body.ts';

export const DEMO_SEED_KEY = 'demo-world-v1';
export const APP_NAME = 'platform';
/** The seeders that load the demo world (`@actuate/catalog-data`) into an empty platform. */
const demoSeeders = (config: Config, log: ServiceApp['log']): Seeder[] => [
  demoWorldSeeder(log, {
    salesItems: config.DEMO_SALES_ITEMS,
    ...(config.STOREFRONT_URL ? { imageBaseUrl: `${config.STOREFRONT_URL}/catalog-images` } : {}),
  }),
];

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./db/migrations', import.meta.url));

export interface BuildOptions {
  /** An already open database (tests); otherwise the config decides. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the commerce platform on its database: migrations applied, demo data seeded when asked. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<ServiceApp> {
  let subscriptions: SubscriptionModule | undefined;
  let integrations: IntegrationsService | undefined;
  let orders: OrderModule | undefined;
  let passwordResets: PasswordResetService | undefined;
  const runsScheduled = config.SUBSCRIPTION_RUN_INTERVAL_MINUTES > 0;
  const { app, database, jobs } = await createService({
    name: APP_NAME,
    description:
      'OrderCloud-compatible commerce API: buyers, users, catalogue, orders, payments, shipments, promotions, subscriptions.',
    migrationsFolder: MIGRATIONS_FOLDER,
    database: options.database ?? { url: config.DATABASE_URL, dataDir: config.DATA_DIR },
    errorFormat: orderCloudErrorFormat,
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    // Post-hook webhook deliveries, and subscription runs (a schedule enqueues one every few
    // minutes, docs/domain.md#subscriptions), on pg-boss.
    queues: [
      webhookDeliveryQueue(() => integrations) as QueueDefinition<never>,
      forgottenPasswordQueue(() => passwordResets) as QueueDefinition<never>,
      checkoutNotificationQueue(
        () => orders?.worksheet,
        () => app.log,
      ) as QueueDefinition<never>,
      ...(runsScheduled
        ? [
            subscriptionRunQueue(
              () => subscriptions?.runs,
              () => app.log,
            ),
          ]
        : []),
    ],
    jobPollingIntervalSeconds: config.JOB_POLLING_INTERVAL_SECONDS,
  });
  const db = database.db;
  const signer = new TokenSigner(await loadSigningKey(db, config.JWT_SECRET));

  // Counters that tell every instance's caches when a write has made them stale.
  const generations = new Generations(db);
  // Who may write the ERP's, CRM's and identity provider's xp fields (`modules/auth/ownership.ts`).
  const ownership = new FieldOwnership({
    TermsVersionApproved: config.CURRENT_TERMS_VERSION,
    PrivacyVersionApproved: config.CURRENT_PRIVACY_VERSION,
  });
  const buyers = new BuyersService(db, generations, ownership);
  const users = new UsersService(db, buyers, generations, ownership);
  const revocations = new TokenRevocations(db, generations);
  const throttleSettings = {
    maxFailures: config.LOGIN_MAX_FAILURES,
    accountMaxFailures: config.LOGIN_ACCOUNT_MAX_FAILURES,
    windowSeconds: config.LOGIN_WINDOW_SECONDS,
    lockSeconds: config.LOGIN_LOCK_SECONDS,
  };
  const auth = new AuthService(db, signer, users, buyers, throttleSettings, revocations);
  const addresses = new AddressesService(db, buyers, users, ownership);
  const prices = new PricesService(db, generations);
  const catalog = new CatalogService(db, buyers, users, prices, generations);
  integrations = new IntegrationsService(db, generations, config.PLATFORM_ENVIRONMENT, undefined, () => jobs);
  const approvals = new ApprovalsService(db, buyers, users);
  const spending = new SpendingService(db, buyers, users);
  const promotions = new PromotionsService(db, buyers, users, catalog);
  const incrementors = new IncrementorsService(db);
  const creditCards = new CreditCardsService(db, buyers, users);
  orders = createOrderModule(
    db,
    { users, addresses, catalog, integrations, approvals, spending, promotions, incrementors },
    {
      checkoutEventIdOf: (clientId) => auth.checkoutEventIdOf(clientId),
      // A payment or subscription may name any card its user may use: their own or one assigned to them.
      creditCardUsableBy: (buyerId, userId, cardId) => creditCards.usableBy(buyerId, userId, cardId),
      // Subscriptions are built on orders, so this port is bound once they exist (before any request).
      subscriptionOf: async (id) => (subscriptions ? subscriptions.access.forWorksheet(id) : null),
    },
  );

  acceptEmptyJsonBodies(app);
  installAuthentication(app, signer, revocations);
  confineBuyerUsers(app);
  installPostHooks(app, integrations);
  await authRoutes(app, auth, {
    tokenRequestsPerMinute: config.TOKEN_REQUESTS_PER_MINUTE,
    trustedProxies: config.LOGIN_TRUSTED_PROXIES,
  });
  passwordResets = new PasswordResetService(
    db,
    () => jobs,
    revocations,
    new LoginThrottle(db, throttleSettings),
    integrations,
    middlewareWiringOf(config),
    app.log,
  );
  passwordResetRoutes(app, passwordResets, { requestsPerMinute: config.PASSWORD_RESETS_PER_MINUTE });
  buyerRoutes(app, buyers);
  userRoutes(app, users);
  addressRoutes(app, addresses);
  priceRoutes(app, prices);
  catalogRoutes(app, catalog, ownership);
  integrationRoutes(app, integrations);
  approvalRoutes(app, approvals);
  spendingRoutes(app, spending);
  costCenterRoutes(app, new CostCentersService(db, buyers, users));
  orderRoutes(app, orders);
  incrementorRoutes(app, incrementors);
  promotionRoutes(app, promotions);
  orderPromotionRoutes(app, orders);
  cartRoutes(app, new CartService(db, orders.orders), orders);
  subscriptions = createSubscriptionModule(
    db,
    { users, buyers, addresses, spending, integrations, orders: orders.subscriptionOrders },
    {
      contextUserToken: (clientId, now) => auth.contextUserToken(clientId, now),
      checkoutEventIdOf: (clientId) => auth.checkoutEventIdOf(clientId),
      creditCardUsableBy: (buyerId, userId, cardId) => creditCards.usableBy(buyerId, userId, cardId),
    },
  );
  subscriptionRoutes(app, subscriptions);
  creditCardRoutes(app, creditCards);
  // What each module does when a buyer user moves to another buyer (Users.Move).
  for (const step of [
    addresses.userMove,
    spending.userMove,
    creditCards.userMove,
    auth.userMove,
    ordersOfMovingUser,
  ])
    users.onMove(step);
  // Deactivation, a new password, deletion and leaving a group that gives roles end the user's sessions.
  users.onAccessChange(auth.roleChanges.userAccessStep);
  users.onUpdate(cartsOfUpdatedUser);
  shipmentRoutes(app, new ShipmentsService(db), orders.orders);

  await ensurePlatformBasics(auth, users, { middlewareClientSecret: config.MIDDLEWARE_CLIENT_SECRET });
  await incrementors.ensureOrderIncrementor();
  if (jobs && runsScheduled)
    await jobs.boss.schedule(SUBSCRIPTION_RUN_QUEUE, everyMinutes(config.SUBSCRIPTION_RUN_INTERVAL_MINUTES));
  if (config.SEED_DEMO_DATA) await seedOnce(db, DEMO_SEED_KEY, demoSeeders(config, app.log), app.log);
  const wiring = middlewareWiringOf(config);
  if (wiring) await ensureMiddlewareWiring({ integrations, auth }, wiring, app.log);
  // The middleware's subscription hooks (`/subscriptions/success|failure`), called as actuate-middleware.
  if (wiring)
    await subscriptions.integration.ensure({
      Url: `${wiring.middlewareUrl}/subscriptions`,
      HashKey: config.SUBSCRIPTION_INTEGRATION_HASH_KEY ?? wiring.hashKey,
      ApiClientID: MIDDLEWARE_CLIENT_ID,
    });
  return app;
}
