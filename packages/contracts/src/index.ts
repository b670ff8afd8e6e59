export * from './catalogs.ts';
export * from './checkout-integration.ts';
export * from './enums.ts';
export * from './money.ts';
export * from './ordercloud/index.ts';
export * from './price-service.ts';
export * from './problem-details.ts';
export * from './validation.ts';
