// Every table of the platform, gathered for drizzle-kit; each module owns its own schema file.
export { seedRuns } from '@actuate/service-kit';
export * from '../modules/addresses/schema.ts';
export * from '../modules/approvals/schema.ts';
export * from '../modules/auth/schema.ts';
export * from '../modules/buyers/schema.ts';
export * from '../modules/cart/schema.ts';
export * from '../modules/catalog/schema.ts';
export * from '../modules/costcenters/schema.ts';
export * from '../modules/creditcards/schema.ts';
export * from '../modules/incrementors/schema.ts';
export * from '../modules/integrations/schema.ts';
export * from '../modules/orders/schema.ts';
export * from '../modules/prices/schema.ts';
export * from '../modules/promotions/schema.ts';
export * from '../modules/spending/schema.ts';
export * from '../modules/subscriptions/schema.ts';
export * from '../modules/users/schema.ts';
export { cacheGenerations } from '../shared/generations.ts';
