// Every table of the backoffice, gathered for drizzle-kit; each module owns its own schema file.
export { seedRuns } from '@actuate/service-kit';
export * from '../modules/callbacks/schema.ts';
export * from '../modules/crm/schema.ts';
export * from '../modules/customers/schema.ts';
export * from '../modules/invoices/schema.ts';
export * from '../modules/items/schema.ts';
export * from '../modules/numbering/schema.ts';
export * from '../modules/sales-orders/schema.ts';
