// Every table of the price-service, gathered for drizzle-kit; each module owns its own schema file.
export { seedRuns } from '@actuate/service-kit';
export * from '../modules/currency/schema.ts';
export * from '../modules/customer-pricing/schema.ts';
export * from '../modules/price-catalog/schema.ts';
export * from '../modules/price-lists/schema.ts';
export * from '../modules/shipping/schema.ts';
export * from '../modules/tax/schema.ts';
