import { baseConfigSchema, loadConfig, portSetting, secret } from '@actuate/service-kit';
import { z } from 'zod';

/**
 * The documented demo keys (README): the demo runs without setup; production mode refuses them.
 * The storefront's and the middleware's match the defaults of those apps' PRICE_SERVICE_API_KEY.
 */
export const DEMO_ADMIN_KEY = 'price-admin-demo-key';
export const DEMO_STOREFRONT_KEY = 'actuate-price-storefront-demo-key';
export const DEMO_MIDDLEWARE_KEY = 'actuate-price-middleware-demo-key';

const key = z.string().min(8);

export const configSchema = baseConfigSchema.extend({
  PORT: portSetting(4200),
  /** Seed the demo world into an empty database at start-up (`npm start` sets it). */
  SEED_DEMO_DATA: z.stringbool().default(false),
  /** Number of sales items of the seeded demo world (100 to 250,000; benchmarks scale it up). */
  DEMO_SALES_ITEMS: z.coerce.number().int().min(100).max(250_000).default(5000),
  /**
   * How long (ms) an instance may answer from its cached price snapshot before it reads the
   * price-catalog version again; 0 = on every request. A write is visible at once on the instance
   * that made it and within this time on every other instance.
   */
  PRICE_CACHE_MAX_STALENESS_MS: z.coerce.number().int().min(0).max(60_000).default(100),
  /** API key of the /admin endpoints (header `x-api-key`). */
  PRICE_SERVICE_ADMIN_KEY: secret(DEMO_ADMIN_KEY, key),
  /** Keys (header `x-api-key`) of the callers of the price calls: the storefront's server, the middleware. */
  PRICE_SERVICE_STOREFRONT_KEY: secret(DEMO_STOREFRONT_KEY, key),
  PRICE_SERVICE_MIDDLEWARE_KEY: secret(DEMO_MIDDLEWARE_KEY, key),
});

export type Config = z.output<typeof configSchema>;

export const readConfig = (env: Record<string, string | undefined> = process.env): Config =>
  loadConfig('price-service', configSchema, env);
