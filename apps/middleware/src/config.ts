import { CATALOG_ID } from '@actuate/contracts';
import { baseConfigSchema, loadConfig, optionalSecret, portSetting, secret } from '@actuate/service-kit';
import { z } from 'zod';

/**
 * Documented demo secrets. Every one of them is public (README): set your own outside the demo.
 * They match the defaults of the apps on the other side (platform, payment gateway, back office).
 */
export const DEMO_SECRETS = {
  CHECKOUT_INTEGRATION_HASH_KEY: 'actuate-checkout-integration-demo-hash-key',
  PLATFORM_CLIENT_SECRET: 'actuate-middleware-dev-secret',
  PAYMENT_API_KEY: 'sandbox_api_key_actuate',
  PAYMENT_CLIENT_KEY: 'sandbox_client_actuate',
  PAYMENT_WEBHOOK_HMAC_KEY: '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056',
  BACKOFFICE_API_KEY: 'actuate-backoffice-demo-key',
  ERP_CALLBACK_SECRET: 'actuate-erp-callback-demo-secret',
  MIDDLEWARE_ADMIN_KEY: 'actuate-middleware-admin-demo-key',
  MIDDLEWARE_STOREFRONT_KEY: 'actuate-middleware-storefront-demo-key',
  PRICE_SERVICE_API_KEY: 'actuate-price-middleware-demo-key',
} as const;

/** The terms and privacy versions in force unless CURRENT_TERMS_VERSION / CURRENT_PRIVACY_VERSION say otherwise. */
export const DEFAULT_TERMS_VERSION = 3;
export const DEFAULT_PRIVACY_VERSION = 2;

const key = z.string().min(8);
/** A setting holding one of the secrets above: its demo value by default, refused in production mode. */
const demoSecret = (name: keyof typeof DEMO_SECRETS, schema: z.ZodString = key) =>
  secret(DEMO_SECRETS[name], schema);
const hexKey = z.string().regex(/^([0-9a-fA-F]{2})+$/, 'a hex string');

const url = (fallback: string) => z.url().default(fallback);

export const configSchema = baseConfigSchema.extend({
  PORT: portSetting(4100),
  /** Seed the demo world into an empty database at start-up (`npm start` sets it). */
  SEED_DEMO_DATA: z.stringbool().default(false),
  /** HashKey of the checkout integration event and of the pre-submit webhook (`X-oc-hash`). */
  CHECKOUT_INTEGRATION_HASH_KEY: demoSecret('CHECKOUT_INTEGRATION_HASH_KEY'),
  PLATFORM_URL: url('http://localhost:4000'),
  /** The middleware's confidential API client on the platform (client_credentials, FullAccess). */
  PLATFORM_CLIENT_ID: z.string().min(1).default('actuate-middleware'),
  PLATFORM_CLIENT_SECRET: demoSecret('PLATFORM_CLIENT_SECRET'),
  PRICE_SERVICE_URL: url('http://localhost:4200'),
  /** This middleware's key at the price service (`x-api-key`; its PRICE_SERVICE_MIDDLEWARE_KEY). */
  PRICE_SERVICE_API_KEY: demoSecret('PRICE_SERVICE_API_KEY'),
  PAYMENT_GATEWAY_URL: url('http://localhost:8080'),
  /** Base URL browsers reach the gateway at (the widget's environmentUrl). */
  PAYMENT_GATEWAY_PUBLIC_URL: url('http://localhost:8080'),
  PAYMENT_MERCHANT_ACCOUNT: z.string().min(1).default('ActuateStore'),
  PAYMENT_API_KEY: demoSecret('PAYMENT_API_KEY'),
  PAYMENT_CLIENT_KEY: demoSecret('PAYMENT_CLIENT_KEY'),
  /** Hex HMAC key of the gateway's webhook signatures. */
  PAYMENT_WEBHOOK_HMAC_KEY: demoSecret('PAYMENT_WEBHOOK_HMAC_KEY', hexKey),
  BACKOFFICE_URL: url('http://localhost:4400'),
  BACKOFFICE_API_KEY: demoSecret('BACKOFFICE_API_KEY'),
  ERP_CALLBACK_SECRET: demoSecret('ERP_CALLBACK_SECRET'),
  /** API key (header `x-api-key`) of the operator endpoints: payment records, ERP submissions, re-submit. */
  MIDDLEWARE_ADMIN_KEY: demoSecret('MIDDLEWARE_ADMIN_KEY'),
  /** API key (`x-api-key`) the storefront's server sends on registrations, payment sessions and ERP status. */
  MIDDLEWARE_STOREFRONT_KEY: demoSecret('MIDDLEWARE_STOREFRONT_KEY'),
  /** Terms and privacy versions a buyer must have accepted to submit an order. */
  CURRENT_TERMS_VERSION: z.coerce.number().int().min(1).default(DEFAULT_TERMS_VERSION),
  CURRENT_PRIVACY_VERSION: z.coerce.number().int().min(1).default(DEFAULT_PRIVACY_VERSION),
  /** HashKey of the platform's subscription integration (`X-oc-hash`); default: the checkout one. */
  SUBSCRIPTION_INTEGRATION_HASH_KEY: optionalSecret(key, [DEMO_SECRETS.CHECKOUT_INTEGRATION_HASH_KEY]),
  /** Public registrations per minute from one address (per instance). */
  REGISTRATIONS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Catalog a company created by a registration is assigned once complete (skipped when the platform lacks it). */
  REGISTRATION_CATALOG_ID: z.string().min(1).default(CATALOG_ID),
  /** First delay before looking again at a registration the CRM has not completed (doubles, ≤ 300 s). */
  REGISTRATION_CHECK_DELAY_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
  /** The storefront as buyers reach it: the links in mails (order page, approvals, password reset). */
  STOREFRONT_URL: url('http://localhost:3000'),
  /** The SMTP server mails go to; the defaults are the mail catcher `npm start` runs. */
  SMTP_HOST: z.string().min(1).default('localhost'),
  SMTP_PORT: portSetting(1025),
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  SMTP_SECURE: z.stringbool().default(false),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  /** Sender of every mail. */
  MAIL_FROM: z.string().min(3).default('Actuate <no-reply@actuate.example>'),
  /** Where accepted and declined quotes are announced (the sales desk). */
  SALES_DESK_EMAIL: z.email().default('sales-desk@actuate.example'),
  /** Minutes between looks for due subscription reminders (pg-boss cron, 1–59); 0 turns them off. */
  SUBSCRIPTION_REMINDER_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(59).default(15),
  /** How often the job workers (ERP submission) look for work, in seconds. */
  JOB_POLLING_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
  /** Timeout of every outgoing HTTP call, in milliseconds. */
  OUTGOING_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
});

export type Config = z.output<typeof configSchema>;

export const readConfig = (env: Record<string, string | undefined> = process.env): Config =>
  loadConfig('middleware', configSchema, env);
