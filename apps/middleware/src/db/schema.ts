// Every table of the middleware, gathered for drizzle-kit; each module owns its own schema file.
export { seedRuns } from '@actuate/service-kit';
export * from '../modules/addresses/schema.ts';
export * from '../modules/checkout-integration/schema.ts';
export * from '../modules/crm/schema.ts';
export * from '../modules/erp/schema.ts';
export * from '../modules/mail/schema.ts';
export * from '../modules/order-events/schema.ts';
export * from '../modules/order-lists/schema.ts';
export * from '../modules/payments/schema.ts';
export * from '../modules/quick-order/schema.ts';
export * from '../modules/quotes/schema.ts';
export * from '../modules/subscriptions/schema.ts';
