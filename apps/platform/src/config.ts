import { baseConfigSchema, loadConfig, optionalSecret, portSetting, secret } from '@actuate/service-kit';
import { z } from 'zod';

/** The documented demo secrets (READMEs): the demo runs without setup; production mode refuses them. */
export const DEMO_SECRETS = {
  MIDDLEWARE_CLIENT_SECRET: 'actuate-middleware-dev-secret',
  CHECKOUT_INTEGRATION_HASH_KEY: 'actuate-checkout-integration-demo-hash-key',
} as const;

/** The terms and privacy versions in force unless CURRENT_TERMS_VERSION / CURRENT_PRIVACY_VERSION say otherwise. */
export const DEFAULT_TERMS_VERSION = 3;
export const DEFAULT_PRIVACY_VERSION = 2;

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const configSchema = baseConfigSchema.extend({
  PORT: portSetting(4000),
  /** Seed the demo world into an empty database at start-up (`npm start` sets it). */
  SEED_DEMO_DATA: z.stringbool().default(false),
  /** HS256 key for access tokens. Unset: a random key is generated once and kept in the database. */
  JWT_SECRET: z.string().min(32).optional(),
  /** Secret of the `actuate-middleware` API client (client_credentials). Set it in production. */
  MIDDLEWARE_CLIENT_SECRET: secret(DEMO_SECRETS.MIDDLEWARE_CLIENT_SECRET, z.string().min(16)),
  /** Failed password logins to one account from one source within the window before that source is locked out. */
  LOGIN_MAX_FAILURES: positiveInt(5),
  /** Failed logins to one account from all sources within the window before unknown sources are locked out. */
  LOGIN_ACCOUNT_MAX_FAILURES: positiveInt(50),
  LOGIN_WINDOW_SECONDS: positiveInt(900),
  LOGIN_LOCK_SECONDS: positiveInt(900),
  /** Peers whose `X-Forwarded-For` names the login's source (the storefront's server), comma-separated. */
  LOGIN_TRUSTED_PROXIES: z
    .string()
    .default('127.0.0.1,::1,::ffff:127.0.0.1')
    .transform(
      (value) =>
        new Set(
          value
            .split(',')
            .map((address) => address.trim())
            .filter(Boolean),
        ),
    ),
  /** `Environment` sent to the checkout integration. */
  PLATFORM_ENVIRONMENT: z.enum(['Sandbox', 'Staging', 'Production']).default('Sandbox'),
  /** Password reset requests (and code uses) per minute from one address. */
  PASSWORD_RESETS_PER_MINUTE: positiveInt(10),
  /** Token requests per minute from one address. */
  TOKEN_REQUESTS_PER_MINUTE: positiveInt(600),
  /** Sales items of the seeded demo world (the same number as the price service's). */
  DEMO_SALES_ITEMS: z.coerce.number().int().min(100).max(250_000).default(5000),
  /** The middleware: when set (or when seeding), its checkout integration and pre-submit hook are wired. */
  MIDDLEWARE_URL: z.url().optional(),
  /** HashKey of the checkout integration event and the pre-submit webhook (the middleware's same setting). */
  CHECKOUT_INTEGRATION_HASH_KEY: secret(DEMO_SECRETS.CHECKOUT_INTEGRATION_HASH_KEY, z.string().min(16)),
  /** The storefront, whose `/catalog-images` serves the demo products' images. */
  STOREFRONT_URL: z.url().optional(),
  /** Minutes between scheduled subscription runs (pg-boss cron, 1–59); 0 turns the schedule off. */
  SUBSCRIPTION_RUN_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(59).default(5),
  /** HashKey of the subscription integration wired with the middleware (default: the checkout one). */
  SUBSCRIPTION_INTEGRATION_HASH_KEY: optionalSecret(z.string().min(8), [
    DEMO_SECRETS.CHECKOUT_INTEGRATION_HASH_KEY,
  ]),
  /** The terms and privacy versions a buyer accepts on `/me` (the middleware's settings of the same names). */
  CURRENT_TERMS_VERSION: positiveInt(DEFAULT_TERMS_VERSION),
  CURRENT_PRIVACY_VERSION: positiveInt(DEFAULT_PRIVACY_VERSION),
  /** How often the job worker polls (webhook deliveries, scheduled subscription runs). */
  JOB_POLLING_INTERVAL_SECONDS: positiveInt(5),
});

export type Config = z.output<typeof configSchema>;

export const readConfig = (env: Record<string, string | undefined> = process.env): Config =>
  loadConfig('platform', configSchema, env);
