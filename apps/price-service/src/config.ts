import { baseConfigSchema, loadConfig, portSetting } from '@actuate/service-kit';
import { z } from 'zod';

/** The documented demo admin key; set PRICE_SERVICE_ADMIN_KEY to your own outside the demo. */
export const DEMO_ADMIN_KEY = 'price-admin-demo-key';

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
  PRICE_SERVICE_ADMIN_KEY: z.string().min(8).default(DEMO_ADMIN_KEY),
});

export type Config = z.output<typeof configSchema>;

export const readConfig = (env: Record<string, string | undefined> = process.env): Config =>
  loadConfig('price-service', configSchema, env);
