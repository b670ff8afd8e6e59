import { createHash } from 'node:crypto';
import { SEED } from './mode.ts';

const derive = (purpose: string, length = 48) =>
  createHash('sha256').update(`actuate-security-suite:${SEED}:${purpose}`).digest('hex').slice(0, length);

/**
 * The secrets the security stack runs with: none of them a published demo value (as in production), each
 * variable read by both ends of its link, derived from the seed so a run can be repeated. The tests sign
 * with them to tell "refused because forged" from "refused because the key is unknown".
 */
export const STACK_SECRETS = {
  JWT_SECRET: derive('jwt', 64),
  MIDDLEWARE_CLIENT_SECRET: derive('middleware-client'),
  PLATFORM_CLIENT_SECRET: derive('middleware-client'),
  CHECKOUT_INTEGRATION_HASH_KEY: derive('checkout-hash'),
  PAYMENT_API_KEY: derive('payment-api-key'),
  PAYMENT_WEBHOOK_HMAC_KEY: derive('payment-hmac', 64).toUpperCase(),
  BACKOFFICE_API_KEY: derive('backoffice-key'),
  ERP_CALLBACK_SECRET: derive('erp-callback'),
  MIDDLEWARE_ADMIN_KEY: derive('middleware-admin'),
  PRICE_SERVICE_ADMIN_KEY: derive('price-admin'),
  // The middleware's key at the price service (the storefront's own keys come from scripts/stack.mjs).
  PRICE_SERVICE_MIDDLEWARE_KEY: derive('price-middleware'),
  PRICE_SERVICE_API_KEY: derive('price-middleware'),
} as const;
