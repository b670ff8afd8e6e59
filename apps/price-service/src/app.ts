import { fileURLToPath } from 'node:url';
import {
  createService,
  type DatabaseHandle,
  documentApiKey,
  requireApiKey,
  type Seeder,
  type ServiceApp,
  seedOnce,
} from '@actuate/service-kit';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { AdminService } from './modules/admin/service.ts';
import { customerPricingRoutes } from './modules/customer-pricing/routes.ts';
import { CustomerPricingService } from './modules/customer-pricing/service.ts';
import { orderCalculationRoutes } from './modules/order-calculation/routes.ts';
import { OrderCalculationService } from './modules/order-calculation/service.ts';
import { demoPriceSeeder } from './modules/price-catalog/seed.ts';
import { PriceCatalog } from './modules/price-catalog/service.ts';
import { priceListRoutes } from './modules/price-lists/routes.ts';
import { GrossPriceService } from './modules/price-lists/service.ts';
import { shippingRoutes } from './modules/shipping/routes.ts';
import { ShipMethodService } from './modules/shipping/service.ts';

export const DEMO_SEED_KEY = 'demo-world-v1';
export const APP_NAME = 'price-service';
/** Each module adds the seeder that loads its part of the demo world (`@actuate/catalog-data`). */
const demoSeeders = (config: Config): Seeder[] => [demoPriceSeeder(config.DEMO_SALES_ITEMS)];

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./db/migrations', import.meta.url));

export interface BuildOptions {
  /** An already open database (tests); otherwise the config decides. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
}

/** The price cache of each built app (tests reach it to inject failures). */
const catalogs = new WeakMap<ServiceApp, PriceCatalog>();
export const priceCatalogOf = (app: ServiceApp): PriceCatalog | undefined => catalogs.get(app);

/** Builds the price service on its database: migrations applied, demo data seeded when asked. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<ServiceApp> {
  const { app, database } = await createService({
    name: APP_NAME,
    description:
      'Prices: product-family ranges, gross prices, customer sales prices per currency, order calculation with shipping and VAT. Amounts are decimals with two places (DKK, EUR); every 4xx is RFC 9457 problem details.',
    migrationsFolder: MIGRATIONS_FOLDER,
    database: options.database ?? { url: config.DATABASE_URL, dataDir: config.DATA_DIR },
    tags: [
      {
        name: 'prices',
        description: 'The four price calls (header x-api-key: the storefront’s or the middleware’s key)',
      },
      { name: 'admin', description: 'ERP feed: upsert price lists and rates (header x-api-key)' },
    ],
    ...(options.logger === undefined ? {} : { logger: options.logger }),
  });
  if (config.SEED_DEMO_DATA) await seedOnce(database.db, DEMO_SEED_KEY, demoSeeders(config), app.log);

  const catalog = new PriceCatalog(database.db, config.PRICE_CACHE_MAX_STALENESS_MS);
  catalogs.set(app, catalog);
  // A customer's negotiated prices are confidential: every price call needs a caller's key.
  const callers = {
    storefront: config.PRICE_SERVICE_STOREFRONT_KEY,
    middleware: config.PRICE_SERVICE_MIDDLEWARE_KEY,
    admin: config.PRICE_SERVICE_ADMIN_KEY,
  };
  await app.register(async (scope) => {
    const prices = scope as unknown as ServiceApp;
    prices.addHook('onRequest', requireApiKey(callers));
    customerPricingRoutes(prices, new CustomerPricingService(catalog));
    priceListRoutes(prices, new GrossPriceService(catalog, database.db));
    orderCalculationRoutes(prices, new OrderCalculationService(catalog));
    shippingRoutes(prices, new ShipMethodService(catalog));
  });
  adminRoutes(app, new AdminService(database.db, catalog), config.PRICE_SERVICE_ADMIN_KEY);
  documentApiKey(
    app,
    'PRICE_SERVICE_STOREFRONT_KEY or PRICE_SERVICE_MIDDLEWARE_KEY (price calls), PRICE_SERVICE_ADMIN_KEY (/admin)',
    (path) =>
      path.startsWith('/price/') ||
      path === '/ordercalculate' ||
      path === '/shipmethods' ||
      path.startsWith('/admin/'),
  );
  // Warm the cache so the first request does not pay for the load.
  await catalog.snapshot();
  return app;
}
