import { baseConfigSchema, loadConfig, optionalSecret, portSetting, secret } from '@actuate/service-kit';
import { z } from 'zod';

/** The documented demo HMAC key (64 hex digits); production deployments set their own. */
export const DEMO_WEBHOOK_HMAC_KEY = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';
/** The demo merchant's published keys: production mode refuses them and revokes them where stored. */
export const DEMO_API_KEY = 'sandbox_api_key_actuate';
export const DEMO_CLIENT_KEY = 'sandbox_client_actuate';
/** The demo merchant's dashboard sign-in (published in the READMEs): production mode never accepts it. */
export const DEMO_DASHBOARD_EMAIL = 'merchant@actuate.example';
export const DEMO_DASHBOARD_PASSWORD = 'actuate-demo';

const commaSeparatedOrigins = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin.length > 0),
  )
  .pipe(z.array(z.url()));

export const configSchema = baseConfigSchema.extend({
  PORT: portSetting(8080),
  /**
   * HTTPS next to HTTP on the same app (official server libraries accept only HTTPS base URLs);
   * 0 picks a free port. Off with HTTPS_ENABLED=false.
   */
  HTTPS_PORT: portSetting(8443),
  HTTPS_ENABLED: z.stringbool().default(true),
  /** PEM files of the HTTPS certificate and key; without them a self-signed pair is made on first start. */
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  /** Seed the demo world into an empty database at start-up (`npm start` sets it). */
  SEED_DEMO_DATA: z.stringbool().default(false),
  /** Public base URL of this gateway as browsers reach it: used in 3DS2 URLs and frame URLs. */
  PUBLIC_URL: z
    .url()
    .default('http://localhost:8080')
    .transform((url) => url.replace(/\/+$/, '')),
  /** Extra origins allowed for the demo client key, comma-separated (e.g. a deployed storefront). */
  PAYMENT_ALLOWED_ORIGINS: commaSeparatedOrigins,
  /** HMAC key of the demo merchant's webhooks, hex-encoded. */
  PAYMENT_WEBHOOK_HMAC_KEY: secret(
    DEMO_WEBHOOK_HMAC_KEY,
    z.string().regex(/^([0-9a-fA-F]{2})+$/, 'must be hex-encoded'),
  ),
  /** Where the demo merchant's webhooks go (the middleware serves it). */
  PAYMENT_WEBHOOK_URL: z.url().default('http://localhost:4100/webhooks/payments'),
  /** Demo merchant credentials; a production deployment sets its own. */
  PAYMENT_MERCHANT_ACCOUNT: z.string().min(1).default('ActuateStore'),
  PAYMENT_API_KEY: secret(DEMO_API_KEY, z.string().min(16)),
  PAYMENT_CLIENT_KEY: secret(DEMO_CLIENT_KEY, z.string().min(8)),
  /** The demo merchant's dashboard user (e-mail); its password is DASHBOARD_PASSWORD. */
  DASHBOARD_EMAIL: z.email().default(DEMO_DASHBOARD_EMAIL),
  /**
   * The dashboard user's password. Unset: the published demo password, except in production mode,
   * where no user is seeded (and a demo user left in the database loses the demo password).
   */
  DASHBOARD_PASSWORD: optionalSecret(z.string().min(12), [DEMO_DASHBOARD_PASSWORD]),
  /** Sign-in attempts allowed per client address and minute. */
  DASHBOARD_LOGIN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /**
   * The gateway's RSA private key for JWE as a JSON Web Key. Without it a key pair is generated on
   * first start and kept in the database.
   */
  GATEWAY_PRIVATE_JWK: z.string().min(1).optional(),
  /** Base64 of 32 bytes encrypting the stored-card vault; generated and kept in the database if unset. */
  VAULT_KEY: z.string().min(1).optional(),
  /** Webhook retry policy: first delay in seconds (doubling) and number of retries. */
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(5),
  WEBHOOK_RETRY_LIMIT: z.coerce.number().int().min(0).default(10),
  /**
   * Serve the sandbox page (test cards, try a payment as the configured merchant, without its API key).
   * Default: on, except in production mode (see `sandboxPagesOn`).
   */
  SANDBOX_PAGES: z.stringbool().optional(),
  /**
   * Card-testing velocity rule: a payment is refused as FRAUD when one device (its fingerprint) has
   * used more than this many distinct card numbers with the merchant within the window.
   */
  RISK_MAX_CARDS_PER_DEVICE: z.coerce.number().int().min(1).default(5),
  RISK_VELOCITY_WINDOW_SECONDS: z.coerce.number().int().min(1).default(86_400),
  /**
   * Click to Pay in the card's /paymentMethods entry (the scheme ids the widget's Card starts it with).
   * Off by default: every card form would otherwise load both scheme SDKs first.
   */
  CLICK_TO_PAY_ENABLED: z.stringbool().default(false),
  /** How long the widget's analytics events are kept, in days. */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  /** How often job workers poll, in seconds (≥ 0.5). */
  JOB_POLLING_INTERVAL_SECONDS: z.coerce.number().min(0.5).default(1),
});

export type Config = z.output<typeof configSchema>;

export const readConfig = (env: Record<string, string | undefined> = process.env): Config =>
  loadConfig('payment-gateway', configSchema, env);

/** The sandbox page creates sessions as the merchant with no key: off in production unless asked for. */
export const sandboxPagesOn = (config: Config) => config.SANDBOX_PAGES ?? config.NODE_ENV !== 'production';

/** The origins of the storefront and of the gateway itself, on localhost and 127.0.0.1. */
export const DEMO_ALLOWED_ORIGINS = [
  'http://localhost:3000',
  'http://127.0.0.1:3000',
  'http://localhost:8080',
  'http://127.0.0.1:8080',
];
