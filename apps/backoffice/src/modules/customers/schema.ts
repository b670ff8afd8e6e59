import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The seller's sales companies (ERP): three uppercase letters, e.g. ADK. */
export const salesCompanies = pgTable('sales_companies', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  currency: text('currency').notNull(),
  countryCode2: text('country_code2').notNull(),
  countryCode3: text('country_code3').notNull(),
  vatNumber: text('vat_number').notNull(),
  /** Countries whose customers this sales company serves. */
  servedCountries: jsonb('served_countries').$type<string[]>().notNull().default([]),
});

/** ERP customer accounts. */
export const erpCustomers = pgTable(
  'erp_customers',
  {
    erpId: text('erp_id').primaryKey(),
    name: text('name').notNull(),
    salesCompanyId: text('sales_company_id')
      .notNull()
      .references(() => salesCompanies.id),
    crmAccountId: text('crm_account_id'),
    currency: text('currency').notNull(),
    countryCode2: text('country_code2').notNull(),
    countryCode3: text('country_code3').notNull(),
    locale: text('locale').notNull(),
    taxGroup: text('tax_group').notNull(),
    invoiceEmail: text('invoice_email').notNull(),
    vatNumber: text('vat_number').notNull(),
    creditHold: boolean('credit_hold').notNull().default(false),
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('erp_customers_vat_idx').on(table.vatNumber)],
);

/** ERP contacts (persons who may order for a customer). */
export const erpContacts = pgTable(
  'erp_contacts',
  {
    erpId: text('erp_id').primaryKey(),
    customerErpId: text('customer_erp_id')
      .notNull()
      .references(() => erpCustomers.erpId),
    crmContactId: text('crm_contact_id'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('erp_contacts_customer_idx').on(table.customerErpId)],
);

/** Delivery addresses of ERP customers, each with its ERP id and validity. */
export const erpDeliveryAddresses = pgTable(
  'erp_delivery_addresses',
  {
    erpId: text('erp_id').primaryKey(),
    customerErpId: text('customer_erp_id')
      .notNull()
      .references(() => erpCustomers.erpId),
    /** The web shop's address id, when the address came from the shop. */
    webShopAddressId: text('web_shop_address_id'),
    name: text('name'),
    companyName: text('company_name'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    street1: text('street1').notNull(),
    street2: text('street2'),
    city: text('city').notNull(),
    zip: text('zip').notNull(),
    state: text('state').notNull(),
    countryCode2: text('country_code2').notNull(),
    countryCode3: text('country_code3').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    validTo: timestamp('valid_to', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('erp_delivery_addresses_customer_idx').on(table.customerErpId),
    uniqueIndex('erp_delivery_addresses_shop_idx').on(table.customerErpId, table.webShopAddressId),
  ],
);
