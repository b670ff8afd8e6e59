import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Standard VAT rate per country in basis points, and whether the country is an EU member. */
export const vatRates = pgTable('vat_rates', {
  countryCode: text('country_code').primaryKey(),
  rateBasisPoints: integer('rate_basis_points').notNull(),
  euMember: boolean('eu_member').notNull(),
});

/** Customer tax groups: domestic (VAT of `vatCountryCode`), reverse charge or export. */
export const taxGroups = pgTable('tax_groups', {
  id: text('id').primaryKey(),
  kind: text('kind').$type<'domestic' | 'reverseCharge' | 'export'>().notNull(),
  vatCountryCode: text('vat_country_code'),
});

/** The sales companies (sellers): their country decides what "another member state" is. */
export const salesCompanies = pgTable('sales_companies', {
  id: text('id').primaryKey(),
  countryCode: text('country_code').notNull(),
  currency: text('currency').notNull(),
});
