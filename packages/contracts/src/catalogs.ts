/**
 * The platform catalog the seller's buyer companies are assigned: the platform's seeding creates it and
 * the middleware assigns every company a registration creates to it, so both sides must name it alike.
 */
export const CATALOG_ID = 'actuate';
