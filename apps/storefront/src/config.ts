import { demoSecretIssues, secret } from '@actuate/service-kit/config';
import { z } from 'zod';

/**
 * The storefront's configuration: every environment variable it reads, read in this one module and
 * validated once with zod. Server-side only (it reads `process.env` at run time; nothing here is
 * inlined into browser bundles).
 */
export interface StorefrontConfig {
  /** Base URL of the OrderCloud-compatible commerce platform (`PLATFORM_URL`). */
  readonly platformUrl: string;
  /** Base URL of the integration service (`MIDDLEWARE_URL`). */
  readonly middlewareUrl: string;
  /** Base URL of the price service (`PRICE_SERVICE_URL`): customer prices, server side only. */
  readonly priceServiceUrl: string;
  /** Base URL of the payment gateway that serves the checkout frames and scripts (`PAYMENT_GATEWAY_URL`). */
  readonly paymentGatewayUrl: string;
  /** Origin of the payment gateway, as used in the Content-Security-Policy. */
  readonly paymentGatewayOrigin: string;
  /** When false only the default locale is offered and the locale switcher is replaced by a notice. */
  readonly localizationEnabled: boolean;
  /** OrderCloud API client the storefront signs buyers in with (`ORDERCLOUD_CLIENT_ID`). */
  readonly orderCloudClientId: string;
  /** OrderCloud API client (IsAnonBuyer) for visitors who have not signed in (`ORDERCLOUD_ANONYMOUS_CLIENT_ID`). */
  readonly orderCloudAnonymousClientId: string;
  /** This server's key at the price service, sent as `x-api-key` (`PRICE_SERVICE_API_KEY`). */
  readonly priceServiceApiKey: string;
  /** This server's key at the middleware, sent as `x-api-key` (`MIDDLEWARE_API_KEY`). */
  readonly middlewareApiKey: string;
}

/**
 * The published demo keys (README), the defaults of the price service's PRICE_SERVICE_STOREFRONT_KEY and
 * the middleware's MIDDLEWARE_STOREFRONT_KEY: the demo runs without setup; production refuses them.
 */
export const DEMO_KEYS = {
  PRICE_SERVICE_API_KEY: 'actuate-price-storefront-demo-key',
  MIDDLEWARE_API_KEY: 'actuate-middleware-storefront-demo-key',
} as const;

export type ConfigEnv = Readonly<Record<string, string | undefined>>;

export class ConfigError extends Error {
  constructor(readonly issues: readonly string[]) {
    super(`Invalid storefront configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** An absolute http(s) base URL without credentials, query or fragment (never echoed: it may hold secrets). */
const serviceUrl = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((raw, context) => {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        context.addIssue({ code: 'custom', message: 'must be an absolute http(s) URL' });
        return z.NEVER;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        context.addIssue({ code: 'custom', message: `must use http or https, not ${url.protocol}` });
        return z.NEVER;
      }
      if (url.username || url.password || url.search || url.hash) {
        context.addIssue({ code: 'custom', message: 'must not contain credentials, a query or a fragment' });
        return z.NEVER;
      }
      return url;
    });

const envSchema = z.object({
  PLATFORM_URL: serviceUrl('http://localhost:4000'),
  MIDDLEWARE_URL: serviceUrl('http://localhost:4100'),
  PRICE_SERVICE_URL: serviceUrl('http://localhost:4200'),
  PAYMENT_GATEWAY_URL: serviceUrl('http://localhost:8080'),
  LOCALIZATION_ENABLED: z
    .stringbool({
      truthy: ['true', '1', 'yes', 'on'],
      falsy: ['false', '0', 'no', 'off'],
      case: 'insensitive',
    })
    .default(true),
  ORDERCLOUD_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be 1-100 letters, digits, hyphens or underscores')
    .default('actuate-storefront'),
  ORDERCLOUD_ANONYMOUS_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be 1-100 letters, digits, hyphens or underscores')
    .default('actuate-storefront-anonymous'),
  PRICE_SERVICE_API_KEY: secret(DEMO_KEYS.PRICE_SERVICE_API_KEY, z.string().min(8)),
  MIDDLEWARE_API_KEY: secret(DEMO_KEYS.MIDDLEWARE_API_KEY, z.string().min(8)),
});

const withoutTrailingSlash = (url: URL): string => url.href.replace(/\/+$/, '');

/**
 * Production mode: a production server (`next start`), not the production build, which needs no
 * secrets. Production refuses the published demo keys.
 */
const isProductionServer = (env: ConfigEnv) =>
  env.NODE_ENV === 'production' && env.NEXT_PHASE !== 'phase-production-build';

/** Validates the environment and returns the configuration, or throws one ConfigError listing every problem. */
export function parseConfig(env: ConfigEnv, production = isProductionServer(env)): StorefrontConfig {
  // Blank values count as unset, so `FOO=` in a shell falls back to the default.
  const present = Object.fromEntries(
    Object.entries(env)
      .map(([name, value]) => [name, value?.trim()])
      .filter(([, value]) => value),
  );
  const parsed = envSchema.safeParse(present);
  const issues = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
  if (production) issues.push(...demoSecretIssues(envSchema, present));
  if (!parsed.success || issues.length > 0) throw new ConfigError(issues);
  const {
    PLATFORM_URL,
    MIDDLEWARE_URL,
    PRICE_SERVICE_URL,
    PAYMENT_GATEWAY_URL,
    LOCALIZATION_ENABLED,
    ORDERCLOUD_CLIENT_ID,
    ORDERCLOUD_ANONYMOUS_CLIENT_ID,
    PRICE_SERVICE_API_KEY,
    MIDDLEWARE_API_KEY,
  } = parsed.data;
  return Object.freeze({
    platformUrl: withoutTrailingSlash(PLATFORM_URL),
    middlewareUrl: withoutTrailingSlash(MIDDLEWARE_URL),
    priceServiceUrl: withoutTrailingSlash(PRICE_SERVICE_URL),
    paymentGatewayUrl: withoutTrailingSlash(PAYMENT_GATEWAY_URL),
    paymentGatewayOrigin: PAYMENT_GATEWAY_URL.origin,
    localizationEnabled: LOCALIZATION_ENABLED,
    orderCloudClientId: ORDERCLOUD_CLIENT_ID,
    orderCloudAnonymousClientId: ORDERCLOUD_ANONYMOUS_CLIENT_ID,
    priceServiceApiKey: PRICE_SERVICE_API_KEY,
    middlewareApiKey: MIDDLEWARE_API_KEY,
  });
}

let cached: StorefrontConfig | undefined;

/** The configuration of this process, validated on first use. */
export function getConfig(): StorefrontConfig {
  cached ??= parseConfig(process.env);
  return cached;
}
