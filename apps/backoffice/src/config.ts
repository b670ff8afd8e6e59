import { baseConfigSchema, loadConfig, portSetting, secret } from '@actuate/service-kit';
import { z } from 'zod';

/** Demo defaults: documented in the README; production mode refuses them. */
export const DEMO_API_KEY = 'actuate-backoffice-demo-key';
export const DEMO_CALLBACK_SECRET = 'actuate-erp-callback-demo-secret';
export const DEMO_MIDDLEWARE_KEY = 'actuate-middleware-admin-demo-key';
export const DEFAULT_CALLBACK_URL = 'http://localhost:4100/erp/callbacks';

const seconds = (fallback: number) => z.coerce.number().min(0).default(fallback);

export const configSchema = baseConfigSchema.extend({
  PORT: portSetting(4400),
  /** Seed the demo world into an empty database at start-up (`npm start` sets it). */
  SEED_DEMO_DATA: z.stringbool().default(false),
  /** Where this back office is reached from browsers: tracking URLs point at its tracking pages. */
  PUBLIC_URL: z.url().default('http://localhost:4400'),
  /** API key every caller of the back office API sends in `X-Api-Key`. */
  BACKOFFICE_API_KEY: secret(DEMO_API_KEY, z.string().min(16)),
  /** Seconds between two steps of a sales order (confirm, ship, ship, invoice); 0 = manual steps only. */
  ERP_PACE_SECONDS: seconds(5),
  /** Seconds until the ERP creates the customer and contact of a registration (by a job). */
  CRM_REGISTRATION_DELAY_SECONDS: seconds(3),
  /** Where every sales-order status change and completed registration is delivered (the middleware). */
  ERP_CALLBACK_URL: z.url().default(DEFAULT_CALLBACK_URL),
  /** HMAC-SHA256 key of the `X-Erp-Signature` header. */
  ERP_CALLBACK_SECRET: secret(DEMO_CALLBACK_SECRET, z.string().min(16)),
  /** First retry delay of a refused callback (doubles each time, at most 300 s). */
  ERP_CALLBACK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(2),
  ERP_CALLBACK_RETRY_LIMIT: z.coerce.number().int().min(0).default(50),
  /** Days from confirmation to the confirmed shipping date. */
  ERP_LEAD_TIME_DAYS: z.coerce.number().int().min(0).default(5),
  /** The middleware, where the sales desk's page reads and answers quotes. */
  MIDDLEWARE_URL: z.url().default('http://localhost:4100'),
  /** The middleware's operator key (its MIDDLEWARE_ADMIN_KEY), sent by the sales desk's page. */
  MIDDLEWARE_API_KEY: secret(DEMO_MIDDLEWARE_KEY, z.string().min(16)),
  JOB_POLLING_INTERVAL_SECONDS: z.coerce.number().min(0.5).default(1),
});

export type Config = z.output<typeof configSchema>;

export const readConfig = (env: Record<string, string | undefined> = process.env): Config =>
  loadConfig('backoffice', configSchema, env);
